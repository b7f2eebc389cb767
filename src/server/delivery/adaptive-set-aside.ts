import { nextQuestion } from '../../common/statistics/index';
import type { AdaptiveExam, AdaptiveItem } from '../scales';

/** A question given: its place and the ability (with its SE) it was chosen at (adaptive-progress's Step). */
interface Chosen {
  position: number;
  exam_question_id: number;
  ability: number;
  se: number;
}

/**
 * Sympson–Hetter's questions set aside for one student (issue 43): a question chosen but held back
 * by its control probability is not offered to that student again. Nothing stores them: each of the
 * attempt's choices is made again from its steps (the questions given before it and the ability it
 * was chosen at) with the same draw, which holds back the same questions. Empty under other control.
 */
export function setAsideBefore(
  exam: AdaptiveExam,
  steps: readonly Chosen[],
  drawAt: (position: number) => () => number,
) {
  const setAside = new Set<number>();
  if (exam.rules.exposure.method !== 'sympson-hetter') return setAside;
  const given: AdaptiveItem[] = [];
  for (const step of steps) {
    nextQuestion(
      exam.pool,
      exam.rules,
      { given, ability: step.ability, se: step.se, setAside },
      drawAt(step.position),
      setAside,
    );
    const item = exam.byId.get(step.exam_question_id);
    if (item) given.push(item);
  }
  return setAside;
}
