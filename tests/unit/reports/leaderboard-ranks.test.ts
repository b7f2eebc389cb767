import { describe, expect, it } from 'vitest';
import { rankRows } from '../../../src/server/web-reports/web-report-results';

/** The web report leaderboard's competition ranks: equal figures, one rank; the next rank skips. */
describe('rankRows', () => {
  const row = (name: string, percent: number, mark = percent) => ({ name_en: name, name_ar: name, percent, mark });

  it('gives students with the same percent and mark one rank, and skips the ranks they share', () => {
    const ranked = rankRows([row('d', 50), row('a', 90), row('c', 70), row('b', 70), row('e', 70, 69)], 'en');
    expect(ranked.map(({ row: r, rank }) => [rank, r.name_en])).toEqual([
      [1, 'a'],
      [2, 'b'],
      [2, 'c'],
      [4, 'e'],
      [5, 'd'],
    ]);
  });

  it('lists tied students in the reader’s order of names', () => {
    const rows = [row('Zaid', 80), row('ليلى', 80), row('Adam', 80)];
    expect(rankRows(rows, 'en').map(({ row: r }) => r.name_en)).toEqual(['Adam', 'Zaid', 'ليلى']);
    expect(rankRows(rows, 'ar').map(({ row: r }) => r.name_en)).toEqual(['ليلى', 'Adam', 'Zaid']);
    expect(rankRows(rows, 'ar').every(({ rank }) => rank === 1)).toBe(true);
  });
});
