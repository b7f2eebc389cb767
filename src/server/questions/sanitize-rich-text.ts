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
      color: [
        /^#[0-9a-f]{3,8}$/i,
        /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i,
        /^[a-z]{3,20}$/i,
      ],
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
 * Sanitizes a JSON value recursively: strings under a rich-text key keep the allowlist, strings
 * (or lists of strings) under a plain key lose all markup, and everything else (ids, numbers)
 * stays as it is.
 */
export function sanitizeRichFields<T>(
  value: T,
  richKeys: ReadonlySet<string>,
  plainKeys: ReadonlySet<string> = new Set(),
): T {
  const walk = (v: unknown, key?: string): unknown => {
    if (typeof v === 'string' && key !== undefined) {
      if (richKeys.has(key)) return sanitizeRichText(v);
      if (plainKeys.has(key)) return sanitizePlainText(v);
      return v;
    }
    if (Array.isArray(v)) return v.map((item) => walk(item, typeof item === 'string' ? key : undefined));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, item]) => [k, walk(item, k)]));
    return v;
  };
  return walk(value) as T;
}
