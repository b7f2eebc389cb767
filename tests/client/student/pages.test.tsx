import { describe, expect, it } from 'vitest';
import { hasContent, paginate } from '../../../src/client/student/player/pages';

describe('what counts as answered', () => {
  it('counts a choice, a written text, a filled part; not blanks, nulls or a number alone', () => {
    const answered = [
      { value: false }, // true/false
      { option_id: 'a1' }, // single choice
      { option_ids: ['m1'] }, // multiple choice
      { text: 'Spring' }, // essay
      { blanks: { b1: '', b2: 'Riyadh' } }, // fill in the blanks, one filled
      { order: ['r2', 'r1'] }, // reordering
      { pairs: { l1: 'r2' } }, // matching
      { placements: { c1: ['o1'] } }, // categorizing
      { media: 'media/a.webm', duration_seconds: 4 }, // spoken answer
      { children: { q1: { value: true }, q2: null } }, // paragraph, one child answered
    ];
    for (const answer of answered) expect(hasContent(answer), JSON.stringify(answer)).toBe(true);
    const blank = [
      null,
      undefined,
      '',
      '  ',
      { text: ' ' },
      { blanks: { b1: '' } },
      { option_ids: [] },
      { duration_seconds: 3 },
      { children: {} },
    ];
    for (const answer of blank) expect(hasContent(answer), JSON.stringify(answer)).toBe(false);
  });

  it('pages the questions by questions_per_page, all on one page for 0', () => {
    expect(paginate(5, 2)).toEqual([[0, 1], [2, 3], [4]]);
    expect(paginate(3, 0)).toEqual([[0, 1, 2]]);
    expect(paginate(0, 3)).toEqual([[]]);
  });
});
