/**
 * The LSAT section VI data (Bock & Lieberman 1970; R's ltm `LSAT`, mirt `LSAT6`): 1,000 examinees,
 * five items scored 0 or 1, as the 32 response patterns and their frequencies.
 */
export const LSAT6_PATTERNS: [string, number][] = [
  ['00000', 3],
  ['00001', 6],
  ['00010', 2],
  ['00011', 11],
  ['00100', 1],
  ['00101', 1],
  ['00110', 3],
  ['00111', 4],
  ['01000', 1],
  ['01001', 8],
  ['01010', 0],
  ['01011', 16],
  ['01100', 0],
  ['01101', 3],
  ['01110', 2],
  ['01111', 15],
  ['10000', 10],
  ['10001', 29],
  ['10010', 14],
  ['10011', 81],
  ['10100', 3],
  ['10101', 28],
  ['10110', 15],
  ['10111', 80],
  ['11000', 16],
  ['11001', 56],
  ['11010', 21],
  ['11011', 173],
  ['11100', 11],
  ['11101', 61],
  ['11110', 28],
  ['11111', 298],
];

/** One row per examinee, in pattern order. */
export function lsat6Scores(): number[][] {
  return LSAT6_PATTERNS.flatMap(([pattern, count]) => Array.from({ length: count }, () => [...pattern].map(Number)));
}
