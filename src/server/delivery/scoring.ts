import { sql } from 'kysely';
import { scoreAnswer } from '../../common/questions/index';
import {
  attemptResult,
  itemChoicesText,
  itemScoresText,
  markingItems,
  questionScores,
  type MarkingItem,
} from '../../common/correction/index';
import type { Db } from '../db/database';
import { readAdaptiveExam } from '../scales';
import { finalMeasure } from './adaptive-progress';

const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

/**
 * Who submits an attempt: its student, the clock (past its deadline and grace: the claim checks it
 * again under the row's lock, so an extension given meanwhile wins), or a supervisor.
 */
export type Submission = { by: 'student' } | { by: 'clock'; graceMs: number } | { by: 'supervisor'; userId: number };

/**
 * Submits a running attempt: scores every answer with its type's scoring (essays and recordings
 * wait for a corrector), totals the attempt and closes it. Idempotent and safe under concurrency:
 * the first caller claims the attempt; any other finds it submitted and changes nothing. Locks the
 * attempt's row, then its assignment's (the order every writer of both keeps).
 */
export async function finalizeAttempt(db: Db, attemptId: number, now: Date, submission: Submission): Promise<boolean> {
  // Inside a caller's transaction (an intervention that audits it), it joins it.
  if (db.isTransaction) return finalizeIn(db, attemptId, now, submission);
  return db.transaction().execute((trx) => finalizeIn(trx, attemptId, now, submission));
}

async function finalizeIn(trx: Db, attemptId: number, now: Date, submission: Submission): Promise<boolean> {
  const cutoff = submission.by === 'clock' ? new Date(now.getTime() - submission.graceMs) : null;
  const claimed = await trx
    .updateTable('exam_attempts')
    .set({
      status: 'submitted',
      submitted_at: now,
      auto_submitted: submission.by === 'clock',
      forced_by: submission.by === 'supervisor' ? submission.userId : null,
      updated_at: now,
    })
    .where('id', '=', attemptId)
    .where('status', '=', 'in_progress')
    .$if(cutoff !== null, (q) => q.where('deadline_at', '<', cutoff!))
    .returning(['id', 'student_exam_id'])
    .executeTakeFirst();
  if (!claimed) return false;
  const assignment = await trx
    .selectFrom('student_exams')
    .innerJoin('exams', 'exams.id', 'student_exams.exam_id')
    .innerJoin('exam_types', 'exam_types.id', 'exams.exam_type_id')
    .select([
      'student_exams.id',
      'student_exams.exam_id',
      'exam_types.is_mock',
      'exams.max_mark',
      'exams.pass_mark',
      'exams.double_marking',
      'exams.double_marking_threshold',
      'exams.delivery_mode',
    ])
    .where('student_exams.id', '=', claimed.student_exam_id)
    .executeTakeFirstOrThrow();
  const examQuestions = await trx
    .selectFrom('exam_questions')
    .select(['id', 'answer_type', 'answer_key', 'mark', 'mark_option', 'skill_id'])
    .where('exam_id', '=', assignment.exam_id)
    .execute();
  // An adaptive attempt is scored on the questions it was given, and measured on the scale (issue 43).
  const adaptive =
    assignment.delivery_mode === 'adaptive' ? await adaptiveMeasure(trx, assignment.exam_id, attemptId) : null;
  const questions = adaptive ? examQuestions.filter((q) => adaptive.questionIds.includes(q.id)) : examQuestions;
  const answers = new Map(
    (await trx.selectFrom('attempt_answers').selectAll().where('attempt_id', '=', attemptId).execute()).map((a) => [
      a.question_id,
      a,
    ]),
  );
  let score = 0;
  let max = 0;
  let manual = false;
  const items: MarkingItem[] = [];
  const scored: { question_id: number; score: number; needs_manual: boolean }[] = [];
  for (const question of questions) {
    const stored = answers.get(question.id);
    const marked = { ...question, answer_key: json(question.answer_key), mark: Number(question.mark) };
    const answer = stored ? json(stored.answer) : null;
    const result = scoreAnswer(marked.answer_type, marked.answer_key, answer, marked.mark, marked.mark_option);
    score += result.score;
    max += result.max;
    manual ||= result.needs_manual;
    items.push(...markingItems(marked, answer, result));
    if (stored) scored.push({ question_id: question.id, score: result.score, needs_manual: result.needs_manual });
  }
  // Every answer's score in one statement (a submit rush is thousands of these at once).
  if (scored.length > 0)
    await sql`
        update attempt_answers aa set score = s.score, needs_manual = s.needs_manual
        from jsonb_to_recordset(${JSON.stringify(scored)}::jsonb) as s(question_id integer, score numeric, needs_manual boolean)
        where aa.attempt_id = ${attemptId} and aa.question_id = s.question_id`.execute(trx);
  // Nothing to mark (or a mock, which is never marked): the result is final now.
  const rules = { double: assignment.double_marking, thresholdPercent: Number(assignment.double_marking_threshold) };
  const outcome = attemptResult(items, [], rules, {
    max_mark: Number(assignment.max_mark),
    pass_mark: Number(assignment.pass_mark),
  });
  const final = outcome.complete || assignment.is_mock;
  await trx
    .updateTable('exam_attempts')
    .set({
      score: Math.round(score * 100) / 100,
      max_score: Math.round(max * 100) / 100,
      // Mock results never enter correction or reports.
      needs_correction: manual && !assignment.is_mock,
      marking_total: assignment.is_mock ? 0 : outcome.marking_total,
      // What the item analysis reads: the choices now, the scores with the result.
      item_choices: itemChoicesText(questions, new Map([...answers].map(([id, stored]) => [id, json(stored.answer)]))),
      ...(adaptive?.measure
        ? { scale_id: adaptive.scaleId, ability: adaptive.measure.ability, ability_se: adaptive.measure.se }
        : {}),
      ...(final
        ? {
            result_score: outcome.score,
            result_max: outcome.max,
            result_mark: outcome.mark,
            result_passed: outcome.passed,
            skill_scores: JSON.stringify(outcome.skills),
            item_scores: itemScoresText(questionScores(items, [], rules)),
            corrected_at: now,
          }
        : {}),
    })
    .where('id', '=', attemptId)
    .execute();
  await trx
    .updateTable('student_exams')
    .set({ status: 'submitted', submitted_at: now, updated_at: sql<Date>`now()` })
    .where('id', '=', assignment.id)
    .execute();
  return true;
}

/** An adaptive attempt's questions given and its measure on the exam's scale (as of its publishing). */
async function adaptiveMeasure(trx: Db, examId: number, attemptId: number) {
  const exam = await readAdaptiveExam(trx, examId);
  if (!exam) return null;
  return { scaleId: exam.scaleId, ...(await finalMeasure(trx, exam, attemptId)) };
}

/** Submits every running attempt whose deadline plus grace has passed; the number submitted. */
export async function finalizeDueAttempts(db: Db, now: Date, graceSeconds: number): Promise<number> {
  const due = await db
    .selectFrom('exam_attempts')
    .select('id')
    .where('status', '=', 'in_progress')
    .where('deadline_at', '<', new Date(now.getTime() - graceSeconds * 1000))
    .orderBy('deadline_at')
    .limit(500)
    .execute();
  let submitted = 0;
  let failed: unknown = null;
  for (const { id } of due) {
    // One attempt that cannot be finalized must not hold back the others.
    try {
      if (await finalizeAttempt(db, id, now, { by: 'clock', graceMs: graceSeconds * 1000 })) submitted++;
    } catch (error) {
      failed ??= error;
    }
  }
  if (failed && submitted === 0) throw failed;
  return submitted;
}
