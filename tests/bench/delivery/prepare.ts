/**
 * The benchmark's data, straight into the database (thousands of students in seconds): a published
 * exam of about 30 questions of every automatically scored type plus essays, a school, students
 * with accounts, their assignments, and sessions for those who do not sign in over HTTP.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { SchemaRegistry } from '../../../schemas/index';
import { ROLES } from '../../../src/common/permissions';
import { ANSWER_KINDS, type AnswerKind } from '../../../schemas/parts/question-kinds';
import { hashPassword } from '../../../src/server/auth/passwords';
import { hashToken } from '../../../src/server/auth/sessions';
import type { Db } from '../../../src/server/db/database';
import { answerInView } from '../../helpers/answer-from-view';
import { buildExam } from '../../helpers/exam-factory';
import { buildRecord } from '../../helpers/resource-factory';
import { CORRECT, DEFINITIONS, WRONG } from '../../unit/questions/fixtures';
import { bothNames } from '../../helpers/student-names';
import { insertReadingScale, storeKnownCalibration } from '../../helpers/calibrated-pool';

export const BENCH_PASSWORD = 'Bench@2026';

/** Every answer type a student can answer without a microphone (the load generator has none). */
type BenchKind = Exclude<AnswerKind, 'audio_response'>;
const KINDS = ANSWER_KINDS.filter((kind): kind is BenchKind => kind !== 'audio_response');

export interface BenchQuestion {
  id: number;
  kind: BenchKind;
}

export interface BenchStudent {
  email: string;
  assignmentId: number;
  /** The session cookie value, for students who do not sign in over HTTP. */
  token: string | null;
}

export interface BenchData {
  examId: number;
  questions: BenchQuestion[];
  students: BenchStudent[];
  /** Session cookie values of staff who watch the exam-day monitor (administrators). */
  staff: string[];
}

/** The exam-day monitor's watchers: one per school office, say (issue 26). */
const STAFF = 20;

/** A realistic answer to a question of a kind: right or wrong at random, essays of some length. */
export function answerFor(kind: BenchKind, random = Math.random): unknown {
  if (kind === 'essay') {
    const words = 40 + Math.floor(random() * 120);
    return { text: Array.from({ length: words }, (_, i) => (i % 7 === 0 ? 'المدرسة' : 'كتب')).join(' ') };
  }
  return random() < 0.6 ? CORRECT[kind] : WRONG[kind];
}

/** The question views of a started attempt (the body of `POST .../start`), by question id. */
export function viewsOf(startBody: string): Map<number, unknown> {
  const questions = (JSON.parse(startBody) as { data: { questions: { id: number; view: unknown }[] } }).data.questions;
  return new Map(questions.map((q) => [q.id, q.view]));
}

/**
 * `answerFor` in the ids the attempt's student sees (issue 23: never the author's), found in the
 * question's view by their texts, as the student's page would send them.
 */
export function studentAnswerFor(kind: BenchKind, view: unknown, random = Math.random): unknown {
  const answer = answerFor(kind, random);
  return kind === 'essay' ? answer : answerInView(kind, DEFINITIONS[kind], view as Record<string, unknown>, answer);
}

/**
 * The adaptive exam's pool calibrated on its skill's scale (difficulties evenly from −2.2 to 2.2
 * logits), then the exam published as publishing does (with the scale's calibration recorded).
 */
async function calibratePool(db: Db, built: Awaited<ReturnType<typeof buildExam>>) {
  const { lookups, questions, exam } = built;
  const scale = await insertReadingScale(db, lookups);
  const calibrationId = await storeKnownCalibration(
    db,
    scale.id,
    exam.id,
    questions,
    (i) => -2.2 + (4.4 * i) / (questions.length - 1),
  );
  await db
    .updateTable('exams')
    .set({ is_published: true, adaptive_calibration_id: calibrationId })
    .where('id', '=', exam.id)
    .execute();
}

const chunks = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

export async function prepareBenchData(
  db: Db,
  registry: SchemaRegistry,
  options: {
    students: number;
    signInOverHttp: number;
    sessionHours?: number;
    /** An adaptive exam (issue 43) of this many right-or-wrong questions, calibrated from −2.2 to 2.2 logits. */
    adaptivePool?: number;
  },
): Promise<BenchData> {
  // 30 questions: every kind three times, and three more choices; or an adaptive exam's pool.
  const kinds: BenchKind[] = options.adaptivePool
    ? Array.from({ length: options.adaptivePool }, () => 'true_false' as const)
    : [...KINDS, ...KINDS, ...KINDS, 'single_choice', 'true_false', 'multiple_choice'];
  const built = await buildExam(db, registry, {
    questions: kinds.map((kind) => ({
      kind,
      key: kind === 'essay' ? { max_words: 500 } : DEFINITIONS[kind],
    })),
    published: !options.adaptivePool,
    exam: {
      name_en: 'Delivery benchmark',
      name_ar: 'اختبار قياس الأداء',
      start_date_time: '2026-01-01 00:00:00',
      end_date_time: '2036-01-01 00:00:00',
      questions_per_page: 5,
      ...(options.adaptivePool
        ? { delivery_mode: 'adaptive', adaptive_min_questions: 10, adaptive_max_questions: 60, adaptive_se_target: 0.3 }
        : {}),
    },
  });
  if (options.adaptivePool) await calibratePool(db, built);
  // Two hours: the run is over long before.
  await db.updateTable('durations').set({ number: 120 }).where('id', '=', built.lookups.duration.id).execute();
  const platform = built.lookups.platform;
  const school = await buildRecord(db, registry, registry.get('schools')!, platform);
  const schoolClass = await buildRecord(db, registry, registry.get('school-classes')!, platform, {
    school_id: school.id,
    grade_id: built.lookups.grade!.id,
  });
  const role = await db.selectFrom('roles').select('id').where('role', '=', ROLES.student).executeTakeFirstOrThrow();
  // One scrypt hash for everyone: the same password, and preparing stays fast.
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const run = randomBytes(3).toString('hex');
  const students: BenchStudent[] = [];
  const now = Date.now();
  for (const [chunkIndex, chunk] of chunks(
    Array.from({ length: options.students }, (_, i) => i),
    1000,
  ).entries()) {
    const users = await db
      .insertInto('users')
      .values(
        chunk.map((i) => ({
          name: `Student ${i}`,
          email: `bench-${run}-${i}@example.test`,
          password_hash: passwordHash,
        })),
      )
      .returning(['id', 'email'])
      .execute();
    await db
      .insertInto('user_roles')
      .values(users.map((u) => ({ user_id: u.id, role_id: role.id })))
      .execute();
    const records = await db
      .insertInto('students')
      .values(
        users.map((u, i) => ({
          user_id: u.id,
          school_id: school.id,
          school_class_id: schoolClass.id,
          grade_id: built.lookups.grade!.id,
          ...bothNames(`طالب ${chunkIndex * 1000 + i}`),
          gender: i % 2 ? ('female' as const) : ('male' as const),
          nationality: 'AE',
        })),
      )
      .returning(['id', 'user_id'])
      .execute();
    const assignments = await db
      .insertInto('student_exams')
      .values(
        records.map((r) => ({
          exam_id: built.exam.id,
          student_id: r.id,
          start_date_time: built.exam.start_date_time,
          end_date_time: built.exam.end_date_time,
        })),
      )
      .returning(['id', 'student_id'])
      .execute();
    const sessions: { id_hash: string; user_id: number; last_seen_at: Date; expires_at: Date }[] = [];
    for (const [i, user] of users.entries()) {
      const index = chunkIndex * 1000 + i;
      const http = index < options.signInOverHttp;
      const token = http ? null : randomBytes(32).toString('base64url');
      if (token)
        sessions.push({
          id_hash: hashToken(token),
          user_id: user.id,
          last_seen_at: new Date(now),
          expires_at: new Date(now + (options.sessionHours ?? 6) * 3_600_000),
        });
      students.push({ email: user.email!, assignmentId: assignments[i]!.id, token });
    }
    if (sessions.length > 0) await db.insertInto('sessions').values(sessions).execute();
  }
  const admin = await db.selectFrom('roles').select('id').where('role', '=', ROLES.admin).executeTakeFirstOrThrow();
  const staffUsers = await db
    .insertInto('users')
    .values(
      Array.from({ length: STAFF }, (_, i) => ({
        name: `Supervisor ${i}`,
        email: `bench-${run}-staff-${i}@example.test`,
        password_hash: passwordHash,
      })),
    )
    .returning('id')
    .execute();
  await db
    .insertInto('user_roles')
    .values(staffUsers.map((u) => ({ user_id: u.id, role_id: admin.id })))
    .execute();
  const staff = staffUsers.map(() => randomBytes(32).toString('base64url'));
  await db
    .insertInto('sessions')
    .values(
      staffUsers.map((u, i) => ({
        id_hash: hashToken(staff[i]!),
        user_id: u.id,
        last_seen_at: new Date(now),
        expires_at: new Date(now + (options.sessionHours ?? 6) * 3_600_000),
      })),
    )
    .execute();
  await sql`analyze`.execute(db);
  return {
    examId: built.exam.id,
    questions: built.questions.map((q, i) => ({ id: q.id, kind: kinds[i]! })),
    students,
    staff,
  };
}
