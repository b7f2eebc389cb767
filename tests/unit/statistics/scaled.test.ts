import { describe, expect, it } from 'vitest';
import { fitRasch, groupGrowth, growthBetween, scaledScore } from '../../../src/common/statistics';

const scale = { score_origin: 200, score_unit: 10 };

describe('scores on a reporting scale (issue 42)', () => {
  it('reads an ability as origin + unit × logit in whole points, its SE in tenths', () => {
    expect(scaledScore(0.35, 0.3, scale)).toEqual({ score: 204, se: 3 });
    expect(scaledScore(-1.26, 0.412, scale)).toEqual({ score: 187, se: 4.1 });
    expect(scaledScore(0.35, 0.3, { score_origin: 500, score_unit: 100 })).toEqual({ score: 535, se: 30 });
  });

  it('gives every student a score, a full and a zero mark too (Warm’s estimate is finite)', () => {
    const scores = [
      [1, 1, 1, 1, 1],
      [0, 0, 0, 0, 0],
      [1, 1, 0, 1, 0],
      [1, 0, 0, 1, 0],
      [0, 1, 1, 0, 1],
      [1, 1, 1, 0, 0],
    ];
    const fit = fitRasch({ items: scores[0].map(() => ({ max: 1 })), scores });
    const scaled = fit.persons.map((person) => scaledScore(person.ability!, person.se!, scale));
    for (const { score, se } of scaled) {
      expect(Number.isFinite(score)).toBe(true);
      expect(se).toBeGreaterThan(0);
    }
    expect(scaled[0].score).toBeGreaterThan(scaled[2].score);
    expect(scaled[1].score).toBeLessThan(scaled[3].score);
  });
});

describe('growth on one scale', () => {
  it('reads a change under 1.96 standard errors as no measurable change, never a rise or a fall', () => {
    const at = (ability: number) => ({ ability, se: 0.3 });
    // SE of the difference: √(0.3² + 0.3²) = 0.4243; 1.96 × it = 0.8315.
    expect(growthBetween(at(0), at(0.3))).toEqual({
      change: 0.3,
      se: Math.hypot(0.3, 0.3),
      reading: 'no_measurable_change',
    });
    expect(growthBetween(at(0), at(-0.83)).reading).toBe('no_measurable_change');
    expect(growthBetween(at(0), at(0.84)).reading).toBe('rise');
    expect(growthBetween(at(0), at(-0.84)).reading).toBe('fall');
  });

  it("gives a class the mean of its students' growth, its 95% interval and the share that grew measurably", () => {
    const growths = [0.2, 0.4, 0.6, 1.0].map((change) =>
      growthBetween({ ability: 0, se: 0.3 }, { ability: change, se: 0.3 }),
    );
    const group = groupGrowth(growths)!;
    expect(group.mean).toBeCloseTo(0.55, 12);
    // SD of the changes: √(((−.35)² + (−.15)² + (.05)² + (.45)²) / 3) = 0.3416; SE 0.1708; ± 1.96 × it.
    expect(group.interval[0]).toBeCloseTo(0.55 - 1.96 * 0.170783, 5);
    expect(group.interval[1]).toBeCloseTo(0.55 + 1.96 * 0.170783, 5);
    expect(group.measurable_share).toBe(0.25);
    expect(group.students).toBe(4);
    expect(groupGrowth([])).toBeNull();
  });
});
