import { sql } from 'kysely';
import { languagesOf, REPORT_STATUS, type ReportLanguageChoice } from '../../common/reports/index';
import type { Db } from '../db/database';
import { ReportFiles } from '../reports';
import type { FileStore, ZipEntry } from '../storage';
import { linkedSignIns } from '../users';
import { auditRowsOf, type StudentFootprint } from './student-footprint';

const json = (value: unknown): Uint8Array => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');

/** Answers the rows of a query whose ids may be none. */
const byIds = <T>(values: number[], read: () => Promise<T[]>): Promise<T[]> =>
  values.length === 0 ? Promise.resolve([]) : read();

async function profileOf(db: Db, footprint: StudentFootprint) {
  const { rows } = await sql<Record<string, unknown>>`
    select s.id, s.student_number, s.name_en, s.name_ar, s.gender, s.nationality, s.national_id,
      s.date_of_birth, s.is_active, s.left_at, s.extra_time_percent, s.extra_time_minutes, s.extra_time_reason,
      s.created_at, s.updated_at,
      sc.name_en as school_en, sc.name_ar as school_ar, c.name_en as class_en, c.name_ar as class_ar,
      g.name_en as grade_en, g.name_ar as grade_ar
    from students s
    join schools sc on sc.id = s.school_id
    left join school_classes c on c.id = s.school_class_id
    left join grades g on g.id = s.grade_id
    where s.id = ${footprint.studentId}`.execute(db);
  return rows[0];
}

async function accountOf(db: Db, userId: number | null) {
  if (userId === null) return null;
  const [user, sessions, links] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'username', 'name', 'email', 'is_active', 'last_login_at', 'created_at'])
      .where('id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('sessions')
      .select(['created_at', 'last_seen_at', 'expires_at', 'ip', 'user_agent'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    linkedSignIns(db, userId),
  ]);
  return user ? { ...user, sessions, linked_sign_ins: links } : null;
}

/** Their assignments with each attempt's answers, marks (without who marked) and results. */
async function examsOf(db: Db, footprint: StudentFootprint) {
  const [assignments, attempts, answers, marks] = await Promise.all([
    byIds(footprint.assignmentIds, () =>
      db
        .selectFrom('student_exams as se')
        .innerJoin('exams as e', 'e.id', 'se.exam_id')
        .select([
          'se.id',
          'se.exam_id',
          'e.name_en as exam_en',
          'e.name_ar as exam_ar',
          'se.status',
          'se.start_date_time',
          'se.end_date_time',
          'se.started_at',
          'se.submitted_at',
          'se.extra_time_minutes',
          'se.extra_time_percent',
          'se.extra_time_reason',
          'se.released_at',
          'se.created_at',
        ])
        .where('se.id', 'in', footprint.assignmentIds)
        .orderBy('se.id')
        .execute(),
    ),
    byIds(footprint.attemptIds, () =>
      db
        .selectFrom('exam_attempts')
        .select([
          'id',
          'student_exam_id',
          'number',
          'status',
          'started_at',
          'deadline_at',
          'submitted_at',
          'auto_submitted',
          'score',
          'max_score',
          'result_score',
          'result_max',
          'result_mark',
          'result_passed',
          'ability',
          'ability_se',
          'corrected_at',
        ])
        .where('id', 'in', footprint.attemptIds)
        .orderBy('id')
        .execute(),
    ),
    byIds(footprint.attemptIds, () =>
      db
        .selectFrom('attempt_answers')
        .select(['attempt_id', 'question_id', 'answer', 'score', 'saved_at'])
        .where('attempt_id', 'in', footprint.attemptIds)
        .orderBy(['attempt_id', 'question_id'])
        .execute(),
    ),
    byIds(footprint.attemptIds, () =>
      db
        .selectFrom('correction_marks')
        .select(['attempt_id', 'slot', 'question_id', 'part', 'mark', 'comment', 'updated_at'])
        .where('attempt_id', 'in', footprint.attemptIds)
        .orderBy(['attempt_id', 'slot', 'question_id'])
        .execute(),
    ),
  ]);
  return assignments.map((assignment) => ({
    ...assignment,
    attempts: attempts
      .filter((attempt) => attempt.student_exam_id === assignment.id)
      .map((attempt) => ({
        ...attempt,
        answers: answers.filter((answer) => answer.attempt_id === attempt.id),
        marks: marks.filter((mark) => mark.attempt_id === attempt.id),
      })),
  }));
}

/** Stored files that are really there (a missing one is listed as missing, not a broken download). */
async function present(store: FileStore, files: { name: string; key: string }[]) {
  const sizes = await Promise.all(files.map((file) => store.size(file.key)));
  return {
    found: files.filter((_, index) => sizes[index] !== null),
    missing: files.filter((_, index) => sizes[index] === null).map((file) => file.name),
  };
}

/**
 * Everything the platform holds on one student (issue 45, the right of access), as the entries of a
 * ZIP: their record, account and sessions, assignments with attempts, answers, marks and results,
 * their results as reports read them, their individual reports' PDFs, their recordings, and the
 * audit rows about them or by their account. A `manifest.json` says what is where.
 */
export async function exportEntries(
  db: Db,
  store: FileStore,
  footprint: StudentFootprint,
  generatedAt: Date,
): Promise<ZipEntry[]> {
  const reportFiles = new ReportFiles(store);
  const [profile, account, exams, results, reports, audit] = await Promise.all([
    profileOf(db, footprint),
    accountOf(db, footprint.userId),
    examsOf(db, footprint),
    db
      .selectFrom('report_results')
      .select(['attempt_id', 'exam_id', 'score', 'max_score', 'mark', 'percent', 'passed', 'tier', 'skill_scores'])
      .where('student_id', '=', footprint.studentId)
      .orderBy('attempt_id')
      .execute(),
    byIds(footprint.reportIds, () =>
      db
        .selectFrom('reports')
        .select(['id', 'name', 'language', 'status', 'file_name', 'generated_at'])
        .where('id', 'in', footprint.reportIds)
        .orderBy('id')
        .execute(),
    ),
    auditRowsOf(db, footprint),
  ]);
  const recordings = await present(
    store,
    footprint.media.map((row) => ({ name: `recordings/${row.file_name}`, key: `media/${row.file_name}` })),
  );
  const pdfs = await present(
    store,
    reports
      .filter((report) => report.status === REPORT_STATUS.generated)
      .flatMap((report) =>
        languagesOf(report.language as ReportLanguageChoice).map((language) => ({
          name: `reports/${report.id}-${language}.pdf`,
          key: reportFiles.pdfKey(report.id, language),
        })),
      ),
  );
  const documents = { 'student.json': profile, 'account.json': account, 'exams.json': exams, 'results.json': results };
  const listed = { 'reports.json': reports, 'audit.json': audit };
  const manifest = {
    generated_at: generatedAt.toISOString(),
    student_id: footprint.studentId,
    files: [...Object.keys(documents), ...Object.keys(listed)],
    recordings: recordings.found.map((file) => file.name),
    reports: pdfs.found.map((file) => file.name),
    missing: [...recordings.missing, ...pdfs.missing],
  };
  return [
    { name: 'manifest.json', data: json(manifest) },
    ...Object.entries({ ...documents, ...listed }).map(([name, value]) => ({ name, data: json(value) })),
    ...recordings.found,
    ...pdfs.found,
  ];
}
