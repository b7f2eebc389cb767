import sanitizeHtml from 'sanitize-html';

/**
 * The rich-text allowlist (SPEC section 2: bold and color only): paragraphs, line breaks,
 * bold, and spans whose only style is a color. Everything else (scripts, event handlers,
 * links, images, other styles) is dropped on the server before anything is stored.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'span'],
  allowedAttributes: { span: ['style'], p: ['dir'] },
  allowedStyles: {
    span: {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i, /^[a-z]{3,20}$/i],
    },
  },
  allowedSchemes: [],
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Plain text (no markup at all), for names and short labels that must never carry HTML. */
export function sanitizePlainText(text: string): string {
  return sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} }).trim();
}

/**
 * Sanitizes every string of a JSON value whose key is a rich-text field, recursively
 * (question text, option texts, passages, pairs, categories...). Other strings (ids) stay as they are.
 */
export function sanitizeRichFields<T>(value: T, richKeys: ReadonlySet<string>): T {
  if (Array.isArray(value)) return value.map((v) => sanitizeRichFields(v, richKeys)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [key, typeof v === 'string' && richKeys.has(key) ? sanitizeRichText(v) : sanitizeRichFields(v, richKeys)]),
    ) as T;
  }
  return value;
}
