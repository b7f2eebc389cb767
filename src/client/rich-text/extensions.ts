import { Color } from '@tiptap/extension-color';
import { TextStyle } from '@tiptap/extension-text-style';
import StarterKit from '@tiptap/starter-kit';

/**
 * Bold and color only (SPEC section 2), matching the server's sanitizer allowlist. Every other
 * StarterKit extension is switched off rather than hidden: an extension that is not loaded has
 * no keyboard shortcut and no schema entry, so neither Ctrl+I nor a paste can add italics.
 */
export const RICH_TEXT_EXTENSIONS = [
  StarterKit.configure({
    blockquote: false,
    bulletList: false,
    code: false,
    codeBlock: false,
    dropcursor: false,
    gapcursor: false,
    heading: false,
    horizontalRule: false,
    italic: false,
    link: false,
    listItem: false,
    listKeymap: false,
    orderedList: false,
    strike: false,
    trailingNode: false,
    underline: false,
  }),
  TextStyle,
  Color,
];

/** The palette: dark, readable shades; the server accepts any hex color. */
export const TEXT_COLORS = [
  { name: 'red', value: '#c62828' },
  { name: 'orange', value: '#e65100' },
  { name: 'green', value: '#2e7d32' },
  { name: 'blue', value: '#1565c0' },
  { name: 'purple', value: '#6a1b9a' },
] as const;
