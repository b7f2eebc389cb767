import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { isBlankHtml } from '../../common/questions/index';
import { REPORT_STATUS } from '../../common/reports/index';
import { recordAudit, type AuditContext } from '../audit';
import { endUserSessions } from '../auth';
import type { Db } from '../db/database';
import { AppError } from '../http/app-error';
import { ReportFiles } from '../reports';
import type { FileStore } from '../storage';
import { auditTargetsOf, type StudentFootprint } from './student-footprint';

/** What an erased student is called everywhere: their record's id alone, which names no one. */
export const pseudonymOf = (studentId: number) => `erased-student-${studentId}`;

/** What a written answer or a recording's reference becomes: not blank, so scoring reads it as answered. */
export const ERASED_TEXT = '[erased]';
export const ERASED_MEDIA = 'erased';

/**
 * An answer without what the student wrote or said: every `text` that was not blank and every
 * recording's `media` reference are replaced; choices, orders and typed blanks (scored by the
 * machine, and what item analysis reads) are kept, so statistics computed again are the same.
 */
export function scrubAnswer(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrubAnswer);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, field]) => {
      if (key === 'text' && typeof field === 'string') return [key, isBlankHtml(field) ? field : ERASED_TEXT];
      if (key === 'media' && typeof field === 'string') return [key, ERASED_MEDIA];
      return [key, scrubAnswer(field)];
    }),
  );
}

/** What an erasure changed; `filesLeft`: stored files that could not be removed (the records are gone). */
export interface Erased {
  recordings: number;
  reports: number;
  /** Group reports that named them (a class's list, a school's), queued to be made again. */
  remade: number[];
  auditRows: number;
  filesLeft: number;
}

/** Removes the stored files of deleted recordings and reports, once their records are gone. */
async function removeFiles(store: FileStore, footprint: StudentFootprint, remade: number[]): Promise<number> {
  const reportFiles = new ReportFiles(store);
  const keys = [
    ...footprint.media.map((row) => `media/${row.file_name}`),
    ...[...footprint.reportIds, ...remade].flatMap((id) => [
      reportFiles.pdfKey(id, 'en'),
      reportFiles.pdfKey(id, 'ar'),
      reportFiles.bundleKey(id),
    ]),
  ];
  const removed = await Promise.allSettled(keys.map((key) => store.remove(key)));
  return removed.filter((outcome) => outcome.status === 'rejected').length;
}

/** The fields of an audit summary that name a student, now or as they were (a rename's `before`). */
const IDENTITY_KEYS = new Set([
  'name',
  'name_en',
  'name_ar',
  'student_number',
  'national_id',
  'date_of_birth',
  'username',
  'email',
  // An identity at a single sign-on provider or an LMS: the provider knows whose it is.
  'subject',
]);

/** Every string an audit summary holds under an identifying field, however deep. */
export function identityIn(value: unknown, named = false, found = new Set<string>()): Set<string> {
  if (typeof value === 'string' && named) found.add(value);
  else if (Array.isArray(value)) for (const item of value) identityIn(item, named, found);
  else if (value !== null && typeof value === 'object')
    for (const [key, field] of Object.entries(value)) identityIn(field, named || IDENTITY_KEYS.has(key), found);
  return found;
}

/** The identity the audit rows about a student hold: their current one, and what they were called before. */
async function pastIdentity(db: Db, footprint: StudentFootprint): Promise<string[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select('summary')
    .where('target', 'in', auditTargetsOf(footprint))
    .execute();
  const found = new Set<string>();
  for (const row of rows)
    identityIn(typeof row.summary === 'string' ? JSON.parse(row.summary) : row.summary, false, found);
  return [...found];
}

/** A log sealed before migration 0043 lacks its function until it is sealed again: say so, change nothing. */
async function refuseWithoutPseudonymising(db: Db) {
  const { rows } = await sql<{ found: boolean }>`
    select to_regprocedure('audit_log_pseudonymise(text[], integer, text[], text)') is not null as found`.execute(db);
  if (!rows[0]?.found) throw new AppError(503, 'privacy.errors.audit_log_not_ready');
}

/**
 * Removes what ties them to an identity elsewhere (a single sign-on provider's subject, an LMS's,
 * and the course links' members their scores went back through). Answers those subjects, which the
 * audit log must not keep either, and the providers and platforms whose rows (a refused sign-in or
 * launch) may name them.
 */
async function unlinkSignIns(db: Db, userId: number | null, assignmentIds: number[]) {
  const sso =
    userId === null
      ? []
      : await db
          .deleteFrom('sso_identities')
          .where('user_id', '=', userId)
          .returning(['subject', 'provider_id'])
          .execute();
  const lti =
    userId === null
      ? []
      : await db
          .deleteFrom('lti_identities')
          .where('user_id', '=', userId)
          .returning(['subject', 'platform_id'])
          .execute();
  const members =
    assignmentIds.length === 0
      ? []
      : await db
          .selectFrom('lti_link_members as m')
          .innerJoin('lti_links as l', 'l.id', 'm.link_id')
          .select(['m.subject', 'l.platform_id'])
          .where('m.student_exam_id', 'in', assignmentIds)
          .execute();
  if (members.length > 0)
    await db.deleteFrom('lti_link_members').where('student_exam_id', 'in', assignmentIds).execute();
  return {
    subjects: [...new Set([...sso, ...lti, ...members].map((row) => row.subject))],
    targets: [
      ...new Set([
        ...sso.map((row) => `sso-providers/${row.provider_id}`),
        ...[...lti, ...members].map((row) => `lti-platforms/${row.platform_id}`),
      ]),
    ],
  };
}

async function refuseWhileSitting(db: Db, footprint: StudentFootprint) {
  if (footprint.attemptIds.length === 0) return;
  const sitting = await db
    .selectFrom('exam_attempts')
    .select('id')
    .where('id', 'in', footprint.attemptIds)
    .where('status', '=', 'in_progress')
    .executeTakeFirst();
  if (sitting) throw new AppError(418, 'privacy.errors.sitting_exam');
}

async function scrubAnswers(db: Db, attemptIds: number[]) {
  if (attemptIds.length === 0) return;
  const answers = await db
    .selectFrom('attempt_answers')
    .select(['attempt_id', 'question_id', 'answer'])
    .where('attempt_id', 'in', attemptIds)
    .execute();
  for (const row of answers) {
    const was = typeof row.answer === 'string' ? (JSON.parse(row.answer) as unknown) : row.answer;
    const now = scrubAnswer(was);
    if (JSON.stringify(now) === JSON.stringify(was)) continue;
    await db
      .updateTable('attempt_answers')
      .set({ answer: JSON.stringify(now) })
      .where('attempt_id', '=', row.attempt_id)
      .where('question_id', '=', row.question_id)
      .execute();
  }
  await db.updateTable('correction_marks').set({ comment: null }).where('attempt_id', 'in', attemptIds).execute();
  await db
    .updateTable('correction_audit')
    .set({ old_comment: null, new_comment: null })
    .where('attempt_id', 'in', attemptIds)
    .execute();
}

/**
 * Erases one student's personal data (issue 45, the right to erasure), in one transaction: their
 * record keeps its school, class, grade, level, gender and nationality (what the statistics group
 * by) under a pseudonym and loses their number, names, national id, date of birth, the reason for
 * their extra time and their display preferences; their account can no longer sign in and names no
 * one, and their identities at single sign-on providers and LMS platforms are unlinked; what they
 * wrote and said is replaced (scores, marks and choices kept, so item analysis and calibrations
 * computed again are the same); markers' comments on their work, their recordings and
 * their individual reports are deleted, and the group reports that listed them are queued to be made
 * again (the caller sends them to the queue once this commits); the audit rows about them keep everything but their
 * identity. Stored files go once the records are gone. Refused (418) while they are sitting an exam, and once erased.
 */
export async function eraseStudent(
  db: Db,
  store: FileStore,
  footprint: StudentFootprint,
  context: AuditContext & { reason: string },
): Promise<Erased> {
  const { studentId, userId } = footprint;
  const pseudonym = pseudonymOf(studentId);
  const erased = await db.transaction().execute(async (trx) => {
    const student = await trx
      .selectFrom('students')
      .select(['student_number', 'name_en', 'name_ar', 'national_id', 'erased_at'])
      .where('id', '=', studentId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (student.erased_at !== null) throw new AppError(418, 'privacy.errors.already_erased');
    await refuseWhileSitting(trx, footprint);
    const account =
      userId === null
        ? undefined
        : await trx
            .selectFrom('users')
            .select(['username', 'name', 'email'])
            .where('id', '=', userId)
            .executeTakeFirst();
    await trx
      .updateTable('students')
      .set({
        student_number: `ERASED-${studentId}`,
        name_en: `Erased student ${studentId}`,
        name_ar: `طالب محذوف ${studentId}`,
        name: `Erased student ${studentId}`,
        national_id: null,
        date_of_birth: null,
        extra_time_reason: null,
        player_preferences: '{}',
        is_active: false,
        erased_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where('id', '=', studentId)
      .execute();
    if (userId !== null) {
      await trx
        .updateTable('users')
        .set({
          username: pseudonym,
          name: pseudonym,
          email: null,
          is_active: false,
          // A hash of nothing anyone knows: the account cannot sign in, even if made active again.
          password_hash: `erased$${randomBytes(16).toString('hex')}`,
          work_key: null,
          updated_at: sql`now()`,
        })
        .where('id', '=', userId)
        .execute();
      await trx.deleteFrom('login_devices').where('user_id', '=', userId).execute();
      await endUserSessions(trx, userId);
    }
    // Their identities at single sign-on providers and LMS platforms: the provider knows whose they are.
    const elsewhere = await unlinkSignIns(trx, userId, footprint.assignmentIds);
    if (footprint.assignmentIds.length > 0)
      await trx
        .updateTable('student_exams')
        .set({ extra_time_reason: null })
        .where('id', 'in', footprint.assignmentIds)
        .execute();
    await scrubAnswers(trx, footprint.attemptIds);
    const mediaIds = footprint.media.map((row) => row.id);
    if (mediaIds.length > 0) await trx.deleteFrom('media').where('id', 'in', mediaIds).execute();
    if (footprint.reportIds.length > 0)
      await trx.deleteFrom('reports').where('id', 'in', footprint.reportIds).execute();
    // A group report of their school and exams lists them by name: it is made again, and its old files go.
    const remade =
      footprint.assignmentIds.length === 0
        ? []
        : await trx
            .updateTable('reports')
            .set({ status: REPORT_STATUS.generate, updated_at: sql`now()` })
            .where('school_id', '=', footprint.schoolId)
            .where('student_id', 'is', null)
            .where('exam_id', 'in', (eb) =>
              eb.selectFrom('student_exams').select('exam_id').where('id', 'in', footprint.assignmentIds),
            )
            .where('status', 'in', [
              REPORT_STATUS.generated,
              REPORT_STATUS.download_failed,
              REPORT_STATUS.failed_generating,
            ])
            .returning('id')
            .execute();
    const identity = [
      student.student_number,
      student.name_en,
      student.name_ar,
      student.national_id,
      account?.username,
      account?.name,
      account?.email,
      ...elsewhere.subjects,
      ...(await pastIdentity(trx, footprint)),
    ].filter((value): value is string => typeof value === 'string' && value.trim() !== '');
    await refuseWithoutPseudonymising(trx);
    const { rows } = await sql<{ changed: number }>`
      select audit_log_pseudonymise(${[...auditTargetsOf(footprint), ...elsewhere.targets]}::text[], ${userId}::int, ${[...new Set(identity)]}::text[], ${pseudonym}) as changed`.execute(
      trx,
    );
    const result = {
      recordings: mediaIds.length,
      reports: footprint.reportIds.length,
      remade: remade.map((row) => row.id),
      auditRows: Number(rows[0]?.changed ?? 0),
    };
    await recordAudit(trx, {
      ...context,
      action: 'students.erase',
      target: `students/${studentId}`,
      schoolId: footprint.schoolId,
      summary: {
        recordings: result.recordings,
        reports: result.reports,
        reports_remade: result.remade.length,
        audit_rows: result.auditRows,
      },
      reason: context.reason,
    });
    return result;
  });
  return { ...erased, filesLeft: await removeFiles(store, footprint, erased.remade) };
}
