import { normal } from './seeded-random';

/**
 * One simulated sitting: each student's 0/1 answers to questions of difficulties `items`, abilities
 * drawn from N(mean, 1). `truth` is the drawn students' own mean ability, so that a test checks the
 * measurement, not the luck of the draw.
 */
export function sitRasch(random: () => number, items: number[], mean: number, students: number) {
  let total = 0;
  const scores = Array.from({ length: students }, () => {
    const theta = mean + normal(random);
    total += theta;
    return items.map((b) => (random() < 1 / (1 + Math.exp(b - theta)) ? 1 : 0));
  });
  return { scores, truth: total / students };
}
