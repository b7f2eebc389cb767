/**
 * Bounded texts. PostgreSQL's `varchar(n)` counts characters (Unicode code points), JavaScript's
 * `length` and `slice` count UTF-16 units: slicing can split a surrogate pair (a lone surrogate
 * cannot be stored or URI-encoded) or a grapheme (a letter from its mark, an emoji from its
 * modifier). These cut only between graphemes and count code points.
 */

const ELLIPSIS = '…';

let segmenter: Intl.Segmenter | undefined;
const graphemes = (text: string): string[] => {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return Array.from(segmenter.segment(text), (s) => s.segment);
};

/** Unicode code points in `text`: what `varchar(n)` counts. */
export const codePointLength = (text: string): number => {
  let count = 0;
  for (const _ of text) count++;
  return count;
};

/**
 * `text` in at most `max` code points: as it is when it fits, else cut at a grapheme boundary with
 * `…` at the end (the ellipsis counted). Never splits a surrogate pair or a grapheme.
 */
export function truncateText(text: string, max: number, ellipsis: string = ELLIPSIS): string {
  if (codePointLength(text) <= max) return text;
  const room = max - codePointLength(ellipsis);
  if (room <= 0) return takeGraphemes(text, max);
  return `${takeGraphemes(text, room).trimEnd()}${ellipsis}`;
}

/** The longest start of `text` made of whole graphemes and at most `max` code points. */
function takeGraphemes(text: string, max: number): string {
  let taken = '';
  let used = 0;
  for (const grapheme of graphemes(text)) {
    const size = codePointLength(grapheme);
    if (used + size > max) break;
    taken += grapheme;
    used += size;
  }
  return taken;
}

/**
 * Parts joined by `separator` in at most `max` code points (`Layla Ahmed — Reading Benchmark`):
 * as they are when they fit; otherwise each part is shortened (with `…`) to a fair share of the
 * room, a short part giving what it does not need to the longer ones, so every part stays readable.
 */
export function composeName(parts: readonly string[], separator: string, max: number): string {
  const joined = parts.join(separator);
  if (codePointLength(joined) <= max) return joined;
  let room = max - codePointLength(separator) * (parts.length - 1);
  const shares = new Map<number, number>();
  const bySize = parts.map((part, index) => ({ index, size: codePointLength(part) })).sort((a, b) => a.size - b.size);
  bySize.forEach(({ index, size }, position) => {
    const share = Math.min(size, Math.floor(room / (bySize.length - position)));
    shares.set(index, share);
    room -= share;
  });
  return parts.map((part, index) => truncateText(part, shares.get(index)!)).join(separator);
}
