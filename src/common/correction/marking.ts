import { round2, scoreAnswer, type ScoreResult } from '../questions/index';
import { passes, reportedMark } from './reported-mark';
import { MARKER_SLOTS, type MarkerSlot } from './statuses';

/** A question of an exam as correction scores it. */
export interface MarkedQuestion {
  id: number;
  answer_type: string;
  answer_key: unknown;
  mark: number;
  mark_option: string;
  skill_id: number;
}

/**
 * One thing a mark is given for: a whole question (`part` ''), or a related question of a
 * paragraph (`part` its id). `manual`: an answered essay or recording that a human must mark;
 * anything else has its automatic score, which a marker may override with a reason.
 */
export interface MarkingItem {
  question_id: number;
  part: string;
  kind: string;
  max: number;
  manual: boolean;
  auto: number;
  skill_id: number;
}

export const itemKey = (questionId: number, part: string) => `${questionId}:${part}`;

/**
 * The items of one question and its stored answer (null when unanswered). `scored`: the answer's
 * score when the caller has it already (submission scores every answer first).
 */
export function markingItems(question: MarkedQuestion, answer: unknown, scored?: ScoreResult): MarkingItem[] {
  const result: ScoreResult =
    scored ?? scoreAnswer(question.answer_type, question.answer_key, answer, question.mark, question.mark_option);
  const base = { question_id: question.id, skill_id: question.skill_id };
  if (question.answer_type === 'paragraph') {
    const children = ((question.answer_key as { children?: { id: string; kind: string; mark: number }[] } | null)
      ?.children ?? []) as { id: string; kind: string; mark: number }[];
    return children.map((child) => {
      const own = result.children?.[child.id];
      return {
        ...base,
        part: child.id,
        kind: child.kind,
        max: round2(Number(child.mark) || 0),
        manual: Boolean(own?.needs_manual),
        auto: own?.score ?? 0,
      };
    });
  }
  return [
    {
      ...base,
      part: '',
      kind: question.answer_type,
      max: result.max,
      manual: result.needs_manual,
      auto: result.score,
    },
  ];
}

/** A mark on a marker's sheet. `at`: when it was last changed (ms), to find the latest override. */
export interface SheetMark {
  slot: MarkerSlot;
  question_id: number;
  part: string;
  mark: number | null;
  comment: string | null;
  reason: string | null;
  at: number;
}

export interface MarkingRules {
  double: boolean;
  /** The largest difference of the two marks, in percent of the item's maximum, that their average settles. */
  thresholdPercent: number;
}

export interface ItemOutcome {
  /** The mark that counts; null while a human's final mark is missing. */
  final: number | null;
  /** A marker has marked it (manual items only). */
  started: boolean;
  /** The two marks differ by more than the threshold and no deciding mark is given yet. */
  needs_deciding: boolean;
  /** The two marks differ by more than the threshold (decided or not). */
  disputed: boolean;
}

const markOf = (marks: SheetMark[], slot: MarkerSlot) => marks.find((m) => m.slot === slot)?.mark ?? null;

/**
 * An item's final mark from its marks on every sheet. An automatic item: the latest override
 * (a mark with a reason), else its automatic score. A manual item under single marking: the
 * marker's mark. Under double marking: the average of the two marks when they differ by at most
 * the threshold, else the deciding mark.
 */
export function itemOutcome(item: MarkingItem, marks: SheetMark[], rules: MarkingRules): ItemOutcome {
  if (!item.manual) {
    const override = marks.filter((m) => m.mark !== null && m.reason).sort((a, b) => b.at - a.at || b.slot - a.slot)[0];
    return { final: override?.mark ?? item.auto, started: false, needs_deciding: false, disputed: false };
  }
  const first = markOf(marks, MARKER_SLOTS.first);
  if (!rules.double) return { final: first, started: first !== null, needs_deciding: false, disputed: false };
  const second = markOf(marks, MARKER_SLOTS.second);
  const started = first !== null || second !== null;
  if (first === null || second === null) return { final: null, started, needs_deciding: false, disputed: false };
  const disputed = Math.abs(first - second) > (rules.thresholdPercent / 100) * item.max + 1e-9;
  if (!disputed) return { final: round2((first + second) / 2), started, needs_deciding: false, disputed };
  const deciding = markOf(marks, MARKER_SLOTS.deciding);
  return { final: deciding, started, needs_deciding: deciding === null, disputed };
}

export interface AttemptResult {
  score: number;
  max: number;
  marking_total: number;
  marking_final: number;
  marking_started: boolean;
  needs_deciding: boolean;
  /** Every manual item has its final mark: the result below is the student's. */
  complete: boolean;
  /** The score on the exam's scale, a whole number (`reportedMark`), and pass or fail against its pass mark. */
  mark: number;
  passed: boolean;
  skills: Record<string, { score: number; max: number }>;
}

/** An attempt's result from its items and every sheet's marks. */
export function attemptResult(
  items: MarkingItem[],
  marks: SheetMark[],
  rules: MarkingRules,
  exam: { max_mark: number; pass_mark: number },
): AttemptResult {
  const byItem = new Map<string, SheetMark[]>();
  for (const mark of marks) {
    const key = itemKey(mark.question_id, mark.part);
    byItem.set(key, [...(byItem.get(key) ?? []), mark]);
  }
  let score = 0;
  let max = 0;
  let total = 0;
  let final = 0;
  let started = false;
  let deciding = false;
  const skills: AttemptResult['skills'] = {};
  for (const item of items) {
    const outcome = itemOutcome(item, byItem.get(itemKey(item.question_id, item.part)) ?? [], rules);
    const earned = outcome.final ?? 0;
    score += earned;
    max += item.max;
    if (item.manual) {
      total++;
      if (outcome.final !== null) final++;
    }
    started ||= outcome.started;
    deciding ||= outcome.needs_deciding;
    const skill = (skills[String(item.skill_id)] ??= { score: 0, max: 0 });
    skill.score = round2(skill.score + earned);
    skill.max = round2(skill.max + item.max);
  }
  const mark = reportedMark(score, max, exam.max_mark);
  return {
    score: round2(score),
    max: round2(max),
    marking_total: total,
    marking_final: final,
    marking_started: started,
    needs_deciding: deciding,
    complete: final === total,
    mark,
    passed: passes(mark, exam.pass_mark),
    skills,
  };
}

/**
 * The result one marker's sheet gives on its own: automatic scores with that marker's overrides
 * only, and that marker's marks as if they were the only marker. What a blind marker is shown of an
 * attempt they mark, so that nothing they read depends on the other marker's marks.
 * `marking_final` counts the parts this sheet has marked.
 */
export function sheetResult(
  items: MarkingItem[],
  marks: SheetMark[],
  slot: MarkerSlot,
  exam: { max_mark: number; pass_mark: number },
): AttemptResult {
  const own = marks.filter((m) => m.slot === slot).map((m) => ({ ...m, slot: MARKER_SLOTS.first }));
  return attemptResult(items, own, { double: false, thresholdPercent: 0 }, exam);
}

/** Each question's final score (its parts' final marks added up; a part without one counts 0), by question id. */
export function questionScores(items: MarkingItem[], marks: SheetMark[], rules: MarkingRules): Map<number, number> {
  const byItem = new Map<string, SheetMark[]>();
  for (const mark of marks) {
    const key = itemKey(mark.question_id, mark.part);
    byItem.set(key, [...(byItem.get(key) ?? []), mark]);
  }
  const scores = new Map<number, number>();
  for (const item of items) {
    const earned = itemOutcome(item, byItem.get(itemKey(item.question_id, item.part)) ?? [], rules).final ?? 0;
    scores.set(item.question_id, round2((scores.get(item.question_id) ?? 0) + earned));
  }
  return scores;
}
