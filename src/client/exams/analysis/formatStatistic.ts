/** A statistic in the reader's language, with at most `digits` decimals; a dash when it cannot be computed. */
export function formatStatistic(value: number | null, language: string, digits = 2): string {
  if (value === null) return '—';
  const text = new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);
  // A negative figure read in Arabic keeps its sign before its digits (the minus is weak: isolated
  // left to right, "-0.21" would show as "0.21-" in a right-to-left line).
  return value < 0 ? `\u2066${text}\u2069` : text;
}

/** A share (0 to 1) as a percentage; a dash when it cannot be computed. */
export function formatShare(value: number | null, language: string): string {
  if (value === null) return '—';
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(value);
}
