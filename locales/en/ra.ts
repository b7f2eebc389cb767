import englishMessages from 'ra-language-english';

/**
 * react-admin's own messages: ra-language-english as published (so upgrades bring their new keys),
 * plus the rich text toolbar's, which it lacks.
 */
export default {
  ra: {
    ...englishMessages.ra,
    // The rich text toolbar (bold and color only); ra-language-english has no tiptap keys.
    tiptap: {
      toolbar: 'Text formatting',
      bold: 'Bold',
      color_named: 'Text color: %{color}',
      remove_color: 'Remove text color',
      colors: { red: 'red', orange: 'orange', green: 'green', blue: 'blue', purple: 'purple' },
    },
  },
};
