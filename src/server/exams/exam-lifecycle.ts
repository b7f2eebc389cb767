import { sql } from 'kysely';
import questionsBank from '../../../schemas/questions-bank';
import { storedColumns } from '../resources';
import { recordAudit, type AuditContext } from '../audit';
import type { Db } from '../db/database';
import { tableColumns } from '../db/table-columns';
import { runBulk } from '../http/bulk';
import { adaptivePublishable } from './adaptive-publishable';
import { assertNotStarted, examRefusal, loadExamState, startedCount } from './exam-rules';

export type BulkAction = 'publish' | 'unpublish' | 'delete';

/** The exam's entry in the audit log (`exams.publish`, ...), written with the change. */
const auditExam = (trx: Db, audit: AuditContext, verb: string, examId: number, summary: Record<string, unknown>) =>
  recordAudit(trx, { ...audit, action: `exams.${verb}`, target: `exams/${examId}`, summary });

const examNames = (db: Db, examId: number) =>
  db.selectFrom('exams').select(['name_en', 'name_ar']).where('id', '=', examId).executeTakeFirstOrThrow();

export async function publishExam(db: Db, examId: number, audit: AuditContext): Promise<void> {
  const before = await loadExamState(db, examId);
  const { n } = await db
    .selectFrom('exam_questions')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('exam_id', '=', examId)
    .executeTakeFirstOrThrow();
  if (n === 0) throw examRefusal.noQuestions();
  const adaptive = await adaptivePublishable(db, examId);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('exams')
      .set({
        is_published: true,
        adaptive_calibration_id: adaptive?.calibrationId ?? null,
        adaptive_exposure_rates: adaptive?.rates ? JSON.stringify(Object.fromEntries(adaptive.rates)) : null,
        updated_at: sql`now()`,
      })
      .where('id', '=', examId)
      .execute();
    await auditExam(trx, audit, 'publish', examId, {
      name_en: (await examNames(trx, examId)).name_en,
      before: { is_published: before.is_published },
      after: { is_published: true },
    });
  });
}

/**
 * Unpublishing an exam unpublishes its localized exams with it: a localized exam can only be
 * published while its exam is (README, "Exams").
 */
export async function unpublishExam(db: Db, examId: number, audit: AuditContext): Promise<void> {
  const before = await loadExamState(db, examId);
  // Started attempts hang on the published exam: its questions must not change under them.
  if ((await startedCount(db, examId)) > 0) throw examRefusal.unpublishStarted();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('exams')
      .set({ is_published: false, updated_at: sql`now()` })
      .where('id', '=', examId)
      .execute();
    const localizations = await trx
      .updateTable('exam_localizations')
      .set({ is_published: false, updated_at: sql`now()` })
      .where('exam_id', '=', examId)
      .where('is_published', '=', true)
      .returning('id')
      .execute();
    await auditExam(trx, audit, 'unpublish', examId, {
      name_en: (await examNames(trx, examId)).name_en,
      before: { is_published: before.is_published },
      after: { is_published: false },
      localizations_unpublished: localizations.map((row) => row.id),
    });
  });
}

/** Deletes an exam with its questions and localizations: only an unpublished one that no student has started. */
export async function deleteExam(db: Db, examId: number, audit: AuditContext): Promise<void> {
  const exam = await loadExamState(db, examId);
  if (exam.is_published) throw examRefusal.deletePublished();
  await assertNotStarted(db, examId);
  await db.transaction().execute(async (trx) => {
    const names = await examNames(trx, examId);
    const assignments = await trx.deleteFrom('student_exams').where('exam_id', '=', examId).executeTakeFirst();
    await trx.deleteFrom('exams').where('id', '=', examId).execute();
    await auditExam(trx, audit, 'delete', examId, {
      before: { ...names, platform_id: exam.platform_id, is_published: exam.is_published },
      assignments_removed: Number(assignments.numDeletedRows),
    });
  });
}

const ACTIONS: Record<BulkAction, (db: Db, id: number, audit: AuditContext) => Promise<void>> = {
  publish: publishExam,
  unpublish: unpublishExam,
  delete: deleteExam,
};

/** Publish, unpublish or delete several exams, each on its own (see `runBulk`), each audited on its own. */
export const bulkExamAction = (db: Db, action: BulkAction, examIds: number[], audit: AuditContext) =>
  runBulk(examIds, (id) => ACTIONS[action](db, id, audit));

/** An unpublished copy with copies of the questions and a new name; no localizations, no assignments. */
export async function duplicateExam(db: Db, examId: number, userId: number, audit: AuditContext): Promise<number> {
  await loadExamState(db, examId);
  return db.transaction().execute(async (trx) => {
    const exam = await trx
      .selectFrom('exams')
      .select(['name_en', 'name_ar'])
      .where('id', '=', examId)
      .executeTakeFirstOrThrow();
    const copyName = (name: string, suffix: string) => `${name} ${suffix}`.slice(0, 255);
    // The copy differs in these; every other stored column is copied by the database as it is, so a
    // field added to the exams' declaration (decimal, date, tags, ...) is copied with no change here.
    const changed = {
      name: copyName(exam.name_en, '(copy)'),
      name_en: copyName(exam.name_en, '(copy)'),
      name_ar: copyName(exam.name_ar, '(نسخة)'),
      is_published: false,
      created_by: userId,
    };
    const kept = (await tableColumns(trx, 'exams')).filter(
      (column) => !['id', 'created_at', 'updated_at', ...Object.keys(changed)].includes(column),
    );
    const names = sql.join([...kept, ...Object.keys(changed)].map((column) => sql.ref(column)));
    const values = sql.join([
      ...kept.map((column) => sql.ref(column)),
      ...Object.values(changed).map((v) => sql`${v}`),
    ]);
    const { rows } = await sql<{ id: number }>`
      insert into exams (${names}) select ${values} from exams where id = ${examId} returning id`.execute(trx);
    const copy = rows[0]!;
    await sql`insert into exam_skills (exam_id, skill_id) select ${copy.id}, skill_id from exam_skills where exam_id = ${examId}`.execute(
      trx,
    );
    // Every column of a question, as its declaration has them.
    const columns = sql.join(storedColumns(questionsBank).map((column) => sql.ref(column)));
    await sql`
      insert into exam_questions (exam_id, source_question_id, position, created_by, ${columns})
      select ${copy.id}, source_question_id, position, ${userId}, ${columns}
      from exam_questions where exam_id = ${examId} order by position`.execute(trx);
    await auditExam(trx, audit, 'duplicate', examId, {
      name_en: exam.name_en,
      copy: { id: copy.id, name_en: changed.name_en },
    });
    return copy.id;
  });
}
