import { describe, expect, it } from 'vitest';
import { fitRasch, linkToScale, type Anchor } from '../../../src/common/statistics';
import { sitRasch } from '../../helpers/rasch-sitting';
import { mulberry32, normal } from '../../helpers/seeded-random';

/**
 * Growth on one scale, recovered from simulated sittings with known truth (issue 42): two forms of
 * 40 questions sharing 10, 3,000 students a round, true growth +0.40 logits, form 2 harder by 0.5
 * logits on average. Percent correct, the old way, sees a decline.
 */
const STUDENTS = 3000;

/** One sitting of STUDENTS unless told (tests/helpers/rasch-sitting.ts). */
const sit = (random: () => number, items: number[], mean: number, students = STUDENTS) =>
  sitRasch(random, items, mean, students);

const calibrate = (scores: number[][]) => fitRasch({ items: scores[0].map(() => ({ max: 1 })), scores });
const meanOf = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
/** The mean of the students' abilities (Warm's estimates) in a calibration's own frame. */
const meanAbility = (fit: ReturnType<typeof calibrate>) => meanOf(fit.persons.map((person) => person.ability!));
const percentCorrect = (scores: number[][]) => meanOf(scores.map((row) => meanOf(row)));

type Fit = ReturnType<typeof calibrate>;
/** The anchors: the first `count` questions of `own`, whose bank values are `bank` (with their SEs). */
const anchorsIn = (bank: { difficulty: number; se: number }[], own: Fit, count: number): Anchor[] =>
  bank.slice(0, count).map((scale, id) => ({
    id,
    bank: scale.difficulty,
    free: own.items[id].difficulty!,
    marks: 1,
    se: Math.hypot(scale.se, own.items[id].se!),
  }));
const onScale = (fit: Fit, shift = 0) =>
  fit.items.map((item) => ({ difficulty: item.difficulty! + shift, se: item.se! }));

describe('growth between two forms linked by common questions', () => {
  // Each test draws from a generator of its own, so that it reads the same alone or in the file.
  const random = mulberry32(1);
  // Ten anchors; thirty questions of each form's own; form 2's own are 0.667 logits harder, so
  // form 2 as a whole is 0.5 harder on average.
  const common = Array.from({ length: 10 }, (_, i) => -1.35 + 0.3 * i);
  const ownOne = Array.from({ length: 30 }, () => normal(random));
  const ownTwo = ownOne.map((b) => b + 0.667 + 0.2 * normal(random));
  const formOne = [...common, ...ownOne];
  const formTwo = [...common, ...ownTwo];

  /** Round 1 sits form 1, round 2 (0.4 logits abler) sits `second`; form 2 is linked by the 10 anchors. */
  function twoRounds(seed: number, second: number[]) {
    const draw = mulberry32(seed);
    const roundOne = sit(draw, formOne, 0);
    const roundTwo = sit(draw, second, 0.4);
    const one = calibrate(roundOne.scores);
    const two = calibrate(roundTwo.scores);
    const link = linkToScale(anchorsIn(onScale(one), two, 10), 40);
    const growth = meanAbility(two) + link.shift - meanAbility(one);
    return { roundOne, roundTwo, one, two, link, growth, truth: roundTwo.truth - roundOne.truth };
  }

  it('recovers +0.40 logits within 0.05 where percent correct shows a decline', () => {
    expect(Math.abs(meanOf(formTwo) - meanOf(formOne) - 0.5)).toBeLessThan(0.1);
    const { roundOne, roundTwo, one, two, link, growth, truth } = twoRounds(2, formTwo);
    expect(link.refused).toBeNull();
    expect(link.dropped).toEqual([]);
    expect(Math.abs(truth - 0.4)).toBeLessThan(0.1);
    expect(Math.abs(growth - truth)).toBeLessThan(0.05);
    expect(link.se!).toBeLessThan(0.05);
    // The old way subtracts the percents of two different forms: the students who grew "declined".
    expect(percentCorrect(roundTwo.scores) - percentCorrect(roundOne.scores)).toBeLessThan(0);
    // Without the link, each form centred on its own sitting: no growth at all is seen.
    expect(Math.abs(meanAbility(two) - meanAbility(one))).toBeLessThan(0.05);
  });

  it('finds and drops a planted drifting anchor (+1.0 logit), and still recovers the growth', () => {
    const drifted = [...formTwo];
    drifted[3] += 1.0;
    const { link, growth, truth } = twoRounds(3, drifted);
    expect(link.dropped.map((anchor) => anchor.id)).toEqual([3]);
    expect(link.dropped[0].displacement).toBeGreaterThan(0.8);
    expect(link.refused).toBeNull();
    expect(Math.abs(growth - truth)).toBeLessThan(0.05);
  });
});

describe('a vertical scale over grades 3 to 6', () => {
  it("chains each grade to the one below through 8 common questions and recovers each grade's mean within 0.08", () => {
    const random = mulberry32(4);
    const means = [0, 0.6, 1.1, 1.5];
    // Each grade's form is centred on its grade; a grade's first 8 questions are the last 8 of the grade below.
    const forms = means.map((centre) => Array.from({ length: 40 }, () => centre + normal(random)));
    for (let grade = 1; grade < forms.length; grade++)
      for (let k = 0; k < 8; k++) forms[grade][k] = forms[grade - 1][32 + k];
    let bank: { difficulty: number; se: number }[] = [];
    let origin = { measured: 0, truth: 0 };
    for (const [grade, form] of forms.entries()) {
      const sitting = sit(random, form, means[grade]);
      const fit = calibrate(sitting.scores);
      let shift = 0;
      if (grade > 0) {
        const link = linkToScale(anchorsIn(bank.slice(32), fit, 8), 40);
        expect(link.refused, `grade ${grade + 3}`).toBeNull();
        shift = link.shift;
      } else origin = { measured: meanAbility(fit), truth: sitting.truth };
      const recovered = meanAbility(fit) + shift - origin.measured;
      expect(Math.abs(recovered - (sitting.truth - origin.truth)), `grade ${grade + 3}`).toBeLessThan(0.08);
      bank = onScale(fit, shift);
    }
  });
});

describe('the link refuses what it cannot support', () => {
  const anchors = (count: number) =>
    Array.from({ length: count }, (_, id) => ({ id, bank: id * 0.2, free: id * 0.2 - 0.3, marks: 2 }));

  it('shifts by the anchors’ mean difference, with no error when they agree exactly', () => {
    const link = linkToScale(anchors(6), 40);
    expect(link.shift).toBeCloseTo(0.3, 12);
    expect(link.se).toBeCloseTo(0, 12);
    expect(link.refused).toBeNull();
  });

  it('calls no anchor drifting for a displacement within what sampling gives, with or without standard errors', () => {
    // Eight anchors agree to 0.01 logit and a ninth is 0.06 off: a tiny MAD alone would make that 8 z.
    const close = [0.29, 0.3, 0.31, 0.3, 0.29, 0.31, 0.3, 0.3, 0.36].map((difference, id) => ({
      id,
      bank: 0.1 * id,
      free: 0.1 * id - difference,
      marks: 1,
    }));
    expect(linkToScale(close, 40).dropped).toEqual([]);
    expect(
      linkToScale(
        close.map((anchor) => ({ ...anchor, se: 0.05 })),
        40,
      ).dropped,
    ).toEqual([]);
    // The link's error is at least what the anchors' own errors give.
    expect(
      linkToScale(
        close.map((anchor) => ({ ...anchor, se: 0.09 })),
        40,
      ).se,
    ).toBeCloseTo(0.03, 12);
  });

  it('refuses fewer than 5 stable anchors, and anchors under 20% of the marks', () => {
    expect(linkToScale(anchors(4), 40).refused).toBe('too_few_anchors');
    expect(linkToScale(anchors(5), 60).refused).toBe('too_small_share');
    // Two anchors that drifted leave four: refused, naming both.
    const drifting = anchors(6).map((anchor, i) => (i < 2 ? { ...anchor, free: anchor.free + 1.2 + i } : anchor));
    const link = linkToScale(drifting, 40);
    expect(link.dropped.map((anchor) => anchor.id).sort()).toEqual([0, 1]);
    expect(link.refused).toBe('too_few_anchors');
  });
});
