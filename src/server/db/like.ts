/** An ILIKE pattern that finds `text` anywhere, with `%`, `_` and `\` in it taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
