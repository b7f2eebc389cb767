/** A value as the audit log keeps it: long text cut, so one entry stays small. */
const kept = (value: unknown): unknown => {
  if (value instanceof Date) return value.toISOString();
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? null);
  return text.length > 200 ? `${text.slice(0, 199)}…` : typeof value === 'string' ? value : JSON.parse(text);
};

/**
 * The columns of `columns` that differ between two rows, before and after (long values cut): what an
 * audit entry of a create (`before` null), change or delete (`after` null) keeps.
 */
export function changedColumns(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  columns: readonly string[],
) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const column of columns) {
    const a = before?.[column];
    const b = after?.[column];
    if (JSON.stringify(a ?? null) === JSON.stringify(b ?? null)) continue;
    if (before) was[column] = kept(a);
    if (after) now[column] = kept(b);
  }
  return { before: before ? was : null, after: after ? now : null };
}
