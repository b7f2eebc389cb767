import { sql } from 'kysely';
import questionsBank from '../../../schemas/questions-bank';
import { storedColumns } from '../resources';
import type { Db } from '../db/database';
import { runBulk } from '../http/bulk';
import { assertNotStarted, examRefusal, loadExamState, startedCount } from './exam-rules';

export type BulkAction = 'publish' | 'unpublish' | 'delete';

export async function publishExam(db: Db, examId: number): Promise<void> {
  await loadExamState(db, examId);
  const { n } = await db
    .selectFrom('exam_questions')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('exam_id', '=', examId)
    .executeTakeFirstOrThrow();
  if (n === 0) throw examRefusal.noQuestions();
  await db
    .updateTable('exams')
    .set({ is_published: true, updated_at: sql`now()` })
    .where('id', '=', examId)
    .execute();
}

/**
 * Unpublishing an exam unpublishes its localized exams with it: a localized exam can only be
 * published while its exam is (README, "Exams").
 */
export async function unpublishExam(db: Db, examId: number): Promise<void> {
  await loadExamState(db, examId);
  // Started attempts hang on the published exam: its questions must not change under them.
  if ((await startedCount(db, examId)) > 0) throw examRefusal.unpublishStarted();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('exams')
      .set({ is_published: false, updated_at: sql`now()` })
      .where('id', '=', examId)
      .execute();
    await trx
      .updateTable('exam_localizations')
      .set({ is_published: false, updated_at: sql`now()` })
      .where('exam_id', '=', examId)
      .where('is_published', '=', true)
      .execute();
  });
}

/** Deletes an exam with its questions and localizations: only an unpublished one that no student has started. */
export async function deleteExam(db: Db, examId: number): Promise<void> {
  const exam = await loadExamState(db, examId);
  if (exam.is_published) throw examRefusal.deletePublished();
  await assertNotStarted(db, examId);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('student_exams').where('exam_id', '=', examId).execute();
    await trx.deleteFrom('exams').where('id', '=', examId).execute();
  });
}

const ACTIONS: Record<BulkAction, (db: Db, id: number) => Promise<void>> = {
  publish: publishExam,
  unpublish: unpublishExam,
  delete: deleteExam,
};

/** Publish, unpublish or delete several exams, each on its own (see `runBulk`). */
export const bulkExamAction = (db: Db, action: BulkAction, examIds: number[]) =>
  runBulk(examIds, (id) => ACTIONS[action](db, id));

/** An unpublished copy with copies of the questions and a new name; no localizations, no assignments. */
export async function duplicateExam(db: Db, examId: number, userId: number): Promise<number> {
  await loadExamState(db, examId);
  return db.transaction().execute(async (trx) => {
    const exam = await trx.selectFrom('exams').selectAll().where('id', '=', examId).executeTakeFirstOrThrow();
    const { id: _id, created_at: _c, updated_at: _u, ...rest } = exam;
    const copyName = (name: string, suffix: string) => `${name} ${suffix}`.slice(0, 255);
    const copy = await trx
      .insertInto('exams')
      .values({
        ...rest,
        name: copyName(exam.name_en, '(copy)'),
        name_en: copyName(exam.name_en, '(copy)'),
        name_ar: copyName(exam.name_ar, '(نسخة)'),
        min_mark: Number(exam.min_mark),
        max_mark: Number(exam.max_mark),
        pass_mark: Number(exam.pass_mark),
        double_marking_threshold: Number(exam.double_marking_threshold),
        tags: JSON.stringify(exam.tags ?? []),
        is_published: false,
        created_by: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into exam_skills (exam_id, skill_id) select ${copy.id}, skill_id from exam_skills where exam_id = ${examId}`.execute(
      trx,
    );
    // Every column of a question, as its declaration has them.
    const columns = sql.join(storedColumns(questionsBank).map((column) => sql.ref(column)));
    await sql`
      insert into exam_questions (exam_id, source_question_id, position, created_by, ${columns})
      select ${copy.id}, source_question_id, position, ${userId}, ${columns}
      from exam_questions where exam_id = ${examId} order by position`.execute(trx);
    return copy.id;
  });
}
