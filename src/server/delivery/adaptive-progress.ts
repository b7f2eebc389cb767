import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { scoreAnswer } from '../../common/questions/index';
import {
  abilityFromParameters,
  addAnswer,
  eap,
  finished,
  keptRank,
  measured,
  mulberry32,
  nextQuestion,
  startPosterior,
} from '../../common/statistics/index';
import { renameAnswerIds } from '../../common/questions/index';
import type { Db } from '../db/database';
import { attemptIdCodec } from './opaque-ids';
import { placeStepInGroup } from './adaptive-steps';
import { setAsideBefore } from './adaptive-set-aside';
import { stagePrior, type AdaptiveExam, type AdaptiveItem } from '../scales';

const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

/** A question given in an adaptive attempt: its place, and the ability (with its SE) it was chosen at. */
export interface Step {
  position: number;
  exam_question_id: number;
  ability: number;
  se: number;
}

/** Where an adaptive attempt stands: its questions so far and whether the stop rule was reached. */
export interface Progress {
  steps: Step[];
  finished: boolean;
}

/** The question a student is on: the last given, unless the test has finished. */
export const currentStep = (progress: Progress): Step | null =>
  progress.finished ? null : (progress.steps.at(-1) ?? null);

export async function readSteps(db: Db, attemptId: number): Promise<Step[]> {
  const rows = await db
    .selectFrom('adaptive_steps')
    .select(['position', 'exam_question_id', 'ability', 'se'])
    .where('attempt_id', '=', attemptId)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({ ...row, ability: Number(row.ability), se: Number(row.se) }));
}

/** The attempt's questions so far and whether its test has ended, in one read. */
export async function readProgress(db: Db, attemptId: number): Promise<Progress> {
  const { rows } = await sql<{ finished: boolean; steps: Step[] | string | null }>`
    select a.adaptive_finished_at is not null as finished,
      (select json_agg(json_build_object('position', s.position, 'exam_question_id', s.exam_question_id,
        'ability', s.ability, 'se', s.se) order by s.position)
       from adaptive_steps s where s.attempt_id = a.id) as steps
    from exam_attempts a where a.id = ${attemptId}`.execute(db);
  const row = rows[0];
  const steps = (typeof row?.steps === 'string' ? (JSON.parse(row.steps) as Step[]) : row?.steps) ?? [];
  return {
    finished: row?.finished === true,
    steps: steps.map((step) => ({ ...step, ability: Number(step.ability), se: Number(step.se) })),
  };
}

/** The draw of the question at `position` of an attempt: the same for every request that chooses it. */
function drawFor(seed: string, position: number): () => number {
  return mulberry32(createHash('sha256').update(`${seed}:adaptive:${position}`).digest().readUInt32LE(0));
}

/** The kept category's rank of a stored answer to a pool question (an empty answer: 0). */
function categoryOf(item: AdaptiveItem, answer: unknown): number {
  const { score } = scoreAnswer(item.answer_type, item.answer_key, answer, item.max, item.mark_option);
  return Math.min(keptRank(item, score), item.thresholds.length);
}

/** The attempt's stored answers to the questions given, by exam question id. */
async function answersTo(db: Db, attemptId: number, questionIds: number[]): Promise<Map<number, unknown>> {
  if (questionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('attempt_answers')
    .select(['question_id', 'answer'])
    .where('attempt_id', '=', attemptId)
    .where('question_id', 'in', questionIds)
    .execute();
  return new Map(rows.map((row) => [row.question_id, json(row.answer)]));
}

/**
 * Inserts the question at `position` after `before` unless another request did first (through the
 * steps' group statement); the steps as they stand (read again only when another request won).
 */
async function placeStep(db: Db, attemptId: number, before: Step[], step: Step): Promise<Step[]> {
  const placed = await placeStepInGroup(db, { attemptId, ...step });
  return placed ? [...before, step] : readSteps(db, attemptId);
}

/** The student's start: their latest ability on the scale (start rule "last score"), else the grade's mean. */
async function startAbility(db: Db, exam: AdaptiveExam, studentId: number) {
  const { prior, abilities } = await stagePrior(db, exam);
  if (exam.start !== 'last_score') return prior;
  const { rows } = await sql<{ ability: number }>`
    select a.ability from exam_attempts a join student_exams se on se.id = a.student_exam_id
    where se.student_id = ${studentId} and a.scale_id = ${exam.scaleId} and a.ability is not null
    order by a.submitted_at desc limit 1`.execute(db);
  const last = rows[0] ? Number(rows[0].ability) : abilities.get(studentId);
  return last === undefined ? prior : { mean: last, sd: prior.sd };
}

/**
 * The attempt's first question, chosen once at the start ability (two starts at once agree: the
 * first insert wins and the other reads it).
 */
export async function beginTest(
  db: Db,
  exam: AdaptiveExam,
  attempt: { id: number; seed: string },
  studentId: number,
): Promise<Progress> {
  const progress = await readProgress(db, attempt.id);
  if (progress.steps.length > 0) return progress;
  const start = await startAbility(db, exam, studentId);
  const first = nextQuestion(
    exam.pool,
    exam.rules,
    { given: [], ability: start.mean, se: start.sd },
    drawFor(attempt.seed, 0),
  );
  if (!first) return { steps: [], finished: true };
  const steps = await placeStep(db, attempt.id, [], {
    position: 0,
    exam_question_id: first.id,
    ability: start.mean,
    se: start.sd,
  });
  return { steps, finished: false };
}

/**
 * The ability after the answers to `steps`: the EAP estimate from the start's prior (the first
 * step's ability and SE), and its standard error from the test information there.
 */
function measure(exam: AdaptiveExam, steps: Step[], categories: Map<number, number>) {
  const first = steps[0]!;
  const log = startPosterior({ mean: first.ability, sd: first.se });
  const given: AdaptiveItem[] = [];
  for (const step of steps) {
    const item = exam.byId.get(step.exam_question_id);
    if (!item) continue;
    given.push(item);
    addAnswer(log, item, categories.get(step.exam_question_id) ?? 0);
  }
  return { given, ...measured(given, eap(log).ability) };
}

/**
 * The category of an answer as its student sent it (in the attempt's ids, decoded as a save decodes
 * them); 0 for a question outside the pool.
 */
export function sentCategory(exam: AdaptiveExam, seed: string, questionId: number, answer: unknown): number {
  const item = exam.byId.get(questionId);
  if (!item) return 0;
  const codec = attemptIdCodec(seed, questionId, item.answer_type, item.answer_key);
  return categoryOf(item, renameAnswerIds(item.answer_type, item.answer_key, answer ?? null, codec, 'decode'));
}

/**
 * After the student confirms their answer to the current (last) question: the ability from every
 * answer so far (`steps`: the questions given, as read before the save, which does not change them;
 * `known`: the categories of answers this process already knows, the others are read), then the stop rule (the precision reached within the length range, the maximum
 * length, or no question left), else the next question. Requests confirming the same question at
 * once agree: the first to insert the next question wins; the others read it.
 */
export async function advanceTest(
  db: Db,
  exam: AdaptiveExam,
  attempt: { id: number; seed: string },
  steps: Step[],
  known: Map<number, number> = new Map(),
): Promise<Progress & { categories: Map<number, number> }> {
  const categories = new Map(known);
  if (steps.length === 0) return { steps, finished: false, categories };
  // The stored answers of the questions whose category this process does not know (once per attempt).
  const missing = steps.map((step) => step.exam_question_id).filter((id) => !categories.has(id));
  for (const [id, answer] of await answersTo(db, attempt.id, missing)) {
    const item = exam.byId.get(id);
    if (item) categories.set(id, categoryOf(item, answer));
  }
  const { given, ability, se } = measure(exam, steps, categories);
  const setAside = setAsideBefore(exam, steps, (position) => drawFor(attempt.seed, position));
  const progress = { given, ability, se, setAside };
  const next = finished(exam.rules, progress)
    ? null
    : nextQuestion(exam.pool, exam.rules, progress, drawFor(attempt.seed, steps.length), setAside);
  if (!next) {
    await db
      .updateTable('exam_attempts')
      .set({ adaptive_finished_at: sql`coalesce(adaptive_finished_at, now())` })
      .where('id', '=', attempt.id)
      .where('status', '=', 'in_progress')
      .execute();
    return { steps, finished: true, categories };
  }
  const placed = await placeStep(db, attempt.id, steps, {
    position: steps.length,
    exam_question_id: next.id,
    ability,
    se,
  });
  return { steps: placed, finished: false, categories };
}

/**
 * The attempt's measure at submission: Warm's estimate from the questions given (a question given
 * and left unanswered counts as wrong), with its standard error; null when nothing was given.
 */
export async function finalMeasure(db: Db, exam: AdaptiveExam, attemptId: number) {
  const steps = await readSteps(db, attemptId);
  const items = steps.flatMap((step) => exam.byId.get(step.exam_question_id) ?? []);
  if (items.length === 0) return { questionIds: [], measure: null };
  const answers = await answersTo(
    db,
    attemptId,
    items.map((item) => item.id),
  );
  const marks = items.map(
    (item) =>
      scoreAnswer(item.answer_type, item.answer_key, answers.get(item.id) ?? null, item.max, item.mark_option).score,
  );
  return { questionIds: items.map((item) => item.id), measure: abilityFromParameters(items, marks) };
}
