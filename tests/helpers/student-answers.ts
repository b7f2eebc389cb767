import { renameAnswerIds } from '../../src/common/questions/index';
import type { Db } from '../../src/server/db/database';
import { attemptIdCodec } from '../../src/server/delivery/opaque-ids';

const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

/**
 * Students see their attempt's own answer-part ids, never the author's (issue 23): a test that
 * writes an answer in the author's ids turns it into the ones the student of the assignment's
 * latest attempt would send. Answers without ids come back as they are (and anything when there
 * is no attempt yet or the question is unknown).
 */
export async function studentSends(db: Db, assignmentId: number, questionId: number, answer: unknown) {
  const attempt = await db
    .selectFrom('exam_attempts')
    .select('seed')
    .where('student_exam_id', '=', assignmentId)
    .orderBy('number', 'desc')
    .executeTakeFirst();
  const question = await db
    .selectFrom('exam_questions')
    .select(['answer_type', 'answer_key'])
    .where('id', '=', questionId)
    .executeTakeFirst();
  // No attempt yet, or a question of no exam: what the test sends is what it means to send.
  if (!attempt || !question) return answer;
  const key = json(question.answer_key);
  return renameAnswerIds(
    question.answer_type,
    key,
    answer,
    attemptIdCodec(attempt.seed, questionId, question.answer_type, key),
    'encode',
  );
}

/** A batch of answers in the author's ids, as that student would send it. */
export async function studentBatch(
  db: Db,
  assignmentId: number,
  answers: { question_id: number; answer: unknown; seq: number }[],
) {
  return Promise.all(
    answers.map(async (item) => ({
      ...item,
      answer: await studentSends(db, assignmentId, item.question_id, item.answer),
    })),
  );
}

/** The author's id behind one a student sees (the inverse of `studentSends` for one id). */
export async function authorIdOf(db: Db, assignmentId: number, questionId: number, studentId: string, scope = '') {
  const attempt = await db
    .selectFrom('exam_attempts')
    .select('seed')
    .where('student_exam_id', '=', assignmentId)
    .orderBy('number', 'desc')
    .executeTakeFirstOrThrow();
  const question = await db
    .selectFrom('exam_questions')
    .select(['answer_type', 'answer_key'])
    .where('id', '=', questionId)
    .executeTakeFirstOrThrow();
  const key = json(question.answer_key);
  return attemptIdCodec(attempt.seed, questionId, question.answer_type, key).decode(studentId, scope);
}
