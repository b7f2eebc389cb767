import { z } from 'zod';
import { renameAnswerIds, validateAnswer } from '../../common/questions/index';
import { idValue } from '../../common/ids';
import type { Db } from '../db/database';
import { ValidationIssues, type SchemaIssue } from '../http/app-error';
import { examQuestionKeys, forgetRunningAttempt, runningTarget, saveTarget } from './answer-save';
import { storeAnswers, type AnswerSaveGroup } from './answer-store';
import { attemptIdCodec } from './opaque-ids';
import { deliveryRefusal } from './refusals';
import { notePresence } from './presence';
import { adaptiveSaveIssues } from './adaptive-saves';

/** A save's sequence number: a PostgreSQL integer. */
export const seqValue = () => z.number().int().min(0).max(2_147_483_647);

/** `PUT /student/exams/{id}/answers`: a batch of answers, each with the client's per-question sequence number. */
export const answersBody = z.strictObject({
  /** The attempt the answers were given in: 418 when it is no longer the running one. */
  attempt_id: idValue().optional(),
  answers: z
    .array(
      z.strictObject({
        question_id: idValue(),
        // Any JSON: checked against its question's answer type once the attempt is known to be
        // running, so that a refused save answers the same whatever it holds (issue 23).
        answer: z.unknown().describe("The answer, in the shape of its question's answer type"),
        seq: seqValue(),
      }),
    )
    .min(1)
    .max(500),
});

export type AnswersBody = z.output<typeof answersBody>;
type Item = AnswersBody['answers'][number];

/** The recordings an answer names (an audio response's `media`, a paragraph's children's too). */
function recordingsIn(answer: unknown, found: string[] = []): string[] {
  if (Array.isArray(answer)) for (const item of answer) recordingsIn(item, found);
  else if (answer && typeof answer === 'object')
    for (const [key, value] of Object.entries(answer)) {
      if (key === 'media' && typeof value === 'string') found.push(value.replace(/^media\//, ''));
      else recordingsIn(value, found);
    }
  return found;
}

/** A spoken answer must be the student's own upload for an exam question (not someone else's file). */
async function ownRecordings(db: Db, userId: number, answers: { question_id: number; answer: unknown }[]) {
  const issues: SchemaIssue[] = [];
  for (const item of answers) {
    const names = recordingsIn(item.answer);
    if (names.length === 0) continue;
    const owned = await db
      .selectFrom('media')
      .select('file_name')
      .where('file_name', 'in', names)
      .where('owner_id', '=', userId)
      .where('label', 'like', 'exams/questions/%/audio_responses')
      .execute();
    if (owned.length !== new Set(names).size)
      issues.push({ path: ['answers', item.question_id], message: 'delivery.errors.recording_not_yours' });
  }
  return issues;
}

export interface SaveContext {
  db: Db;
  /** This database's group commit of saves (answer-store.ts). */
  saves: AnswerSaveGroup;
  now: Date;
  graceMs: number;
}

/**
 * `PUT .../answers`, its body's shape checked by its route (422), then in this order: the running attempt (404, 403 or 418,
 * the same whatever questions the batch names); each answer read back into the author's ids and
 * checked against its question (422 naming each, after checking again that the attempt still
 * runs); then the save goes to the group commit (answer-store.ts), whose statement checks again and
 * saves, and it is answered once that statement has committed.
 */
export async function saveAnswerBatch(
  context: SaveContext,
  userId: number,
  assignmentId: number,
  body: AnswersBody,
  { adaptiveChecked = false }: { adaptiveChecked?: boolean } = {},
) {
  const { db, saves, now, graceMs } = context;
  const attemptId = body.attempt_id ?? null;
  const target = await runningTarget(db, userId, assignmentId, attemptId, now, graceMs);
  const questions = await examQuestionKeys(db, target.examId, now.getTime());
  const issues: SchemaIssue[] = [];
  const items: Item[] = [];
  for (const item of body.answers) {
    const question = questions.get(item.question_id);
    const path = ['answers', item.question_id];
    if (!question) {
      issues.push({ path, message: 'delivery.errors.question_not_in_exam' });
      continue;
    }
    const { answer_type: kind, answer_key: key } = question;
    const codec = attemptIdCodec(target.seed, item.question_id, kind, key);
    const answer = renameAnswerIds(kind, key, item.answer ?? null, codec, 'decode');
    const refused = validateAnswer(kind, key, answer);
    // Under the answer's own field, with their parameters (an essay's word limit).
    for (const { message, params } of refused) issues.push({ path, message, params });
    if (refused.length === 0) items.push({ ...item, answer });
  }
  issues.push(...(await ownRecordings(db, userId, items)));
  // An adaptive attempt takes answers to the question the student is on only (issue 43).
  if (!adaptiveChecked)
    issues.push(
      ...(await adaptiveSaveIssues(
        db,
        target,
        body.answers.map((item) => item.question_id),
      )),
    );
  if (issues.length > 0) {
    // What this process kept may be stale: an attempt that no longer runs is refused as such.
    forgetRunningAttempt(db, userId, assignmentId);
    const current = await saveTarget(db, userId, assignmentId, now, graceMs);
    if (current.attemptId !== target.attemptId) throw deliveryRefusal.attemptReplaced();
    throw new ValidationIssues(issues);
  }
  // The highest seq of each question in the batch; a stored seq as high or higher wins.
  const newest = new Map<number, Item>();
  for (const item of items)
    if ((newest.get(item.question_id)?.seq ?? -1) < item.seq) newest.set(item.question_id, item);
  try {
    const { saved, deadlineAt, extraSeconds } = await storeAnswers(db, saves, {
      userId,
      assignmentId,
      attemptId: target.attemptId,
      items: [...newest.values()],
      now,
      graceMs,
    });
    notePresence(db, target.attemptId, now, { saved: true });
    return {
      saved,
      server_time: now.toISOString(),
      deadline_at: deadlineAt.toISOString(),
      extra_seconds: extraSeconds,
    };
  } catch (error) {
    forgetRunningAttempt(db, userId, assignmentId);
    throw error;
  }
}
