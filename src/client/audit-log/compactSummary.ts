/** How many characters of a summary the table shows; the whole of it is in the cell's title. */
const SHOWN = 160;

const short = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * A summary on one line: `before → after` when it has both, then its other keys as `key: value`,
 * cut to a table cell's width. Its keys are the server's own words (field names), as the export has them.
 */
export function compactSummary(summary: Record<string, unknown>, words: { before: string; after: string }): string {
  const { before, after, ...rest } = summary;
  const parts: string[] = [];
  if (before !== undefined && after !== undefined) parts.push(`${short(before)} → ${short(after)}`);
  else if (before !== undefined) parts.push(`${words.before}: ${short(before)}`);
  else if (after !== undefined) parts.push(`${words.after}: ${short(after)}`);
  for (const [key, value] of Object.entries(rest)) parts.push(`${key}: ${short(value)}`);
  const text = parts.join('; ');
  return text.length > SHOWN ? `${text.slice(0, SHOWN - 1)}…` : text;
}
