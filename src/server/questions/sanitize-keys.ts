/** Keys whose strings are rich text (bold and color), and keys whose strings are plain text, at any depth of a question. */
export const RICH_TEXT_KEYS = new Set(['text', 'passage', 'name', 'left', 'right']);
export const PLAIN_TEXT_KEYS = new Set(['before', 'after', 'answer', 'options']);
