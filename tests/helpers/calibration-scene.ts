import type { SchemaRegistry } from '../../schemas/index';
import type { Db } from '../../src/server/db/database';
import { buildSchoolWithStudents } from './delivery-factory';
import { buildExam } from './exam-factory';
import { insertReadingScale } from './calibrated-pool';
import { rowCopy } from './row-copy';
import { mulberry32, normal } from './seeded-random';

/** Students per insert: under PostgreSQL's 65,535 parameters a statement. */
const BATCH = 2_000;

/** Exams of one platform and skill, their students and corrected attempts, from a Rasch simulation with known truth. */
export async function buildCalibrationBase(db: Db, registry: SchemaRegistry, items: number) {
  const first = await buildExam(db, registry, {
    questions: Array.from({ length: items }, () => ({ kind: 'true_false', key: { correct: true } })),
  });
  const { lookups } = first;
  const scale = await insertReadingScale(db, lookups);
  const { school, schoolClass } = await buildSchoolWithStudents(
    db,
    registry,
    lookups.platform,
    {
      grade_id: lookups.grade!.id,
    },
    0,
  );
  return { first, lookups, scale, school, schoolClass };
}

type Base = Awaited<ReturnType<typeof buildCalibrationBase>>;

/**
 * Another exam of the same platform: copies of `shared` of the first exam's questions (or of `from`,
 * another exam's: the same bank questions) and `unique` new bank questions of its own.
 */
export async function buildLinkedExam(
  db: Db,
  base: Base,
  shared: number[],
  unique: number,
  from: Base['first']['questions'] = base.first.questions,
) {
  const exam = await db
    .insertInto('exams')
    .values({
      ...rowCopy('exams', base.first.exam),
      name: `Form ${shared.length}/${unique}`,
      name_en: `Form ${shared.length}/${unique}`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const template = base.first.questions[0];
  const questions = [];
  for (const [position, index] of shared.entries()) {
    questions.push(
      await db
        .insertInto('exam_questions')
        .values({ ...rowCopy('exam_questions', from[index]), exam_id: exam.id, position })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
  }
  for (let n = 0; n < unique; n++) {
    const source = await db
      .selectFrom('questions')
      .selectAll()
      .where('id', '=', template.source_question_id!)
      .executeTakeFirstOrThrow();
    const { id: bankId } = await db
      .insertInto('questions')
      .values(rowCopy('questions', source))
      .returning('id')
      .executeTakeFirstOrThrow();
    questions.push(
      await db
        .insertInto('exam_questions')
        .values({
          ...rowCopy('exam_questions', template),
          exam_id: exam.id,
          source_question_id: bankId,
          position: shared.length + n,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
  }
  return { exam, questions };
}

/**
 * `abilities.length` new students of the base's class sit `examId` and are corrected: each answers
 * question i right with the Rasch probability at their ability and `difficulties[i]` (seeded).
 * One statement per table, the results kept as the product keeps them (item_scores).
 */
export async function sitCalibrationExam(
  db: Db,
  base: Base,
  exam: { id: number; questions: { id: number }[] },
  abilities: number[],
  difficulties: number[],
  seed: number,
) {
  const random = mulberry32(seed);
  const rows = abilities.map((theta) => difficulties.map((b) => (random() < 1 / (1 + Math.exp(b - theta)) ? 1 : 0)));
  // In batches: a statement holds at most 65,535 parameters.
  const studentIds: number[] = [];
  for (let from = 0; from < abilities.length; from += BATCH) {
    const students = await db
      .insertInto('students')
      .values(
        abilities.slice(from, from + BATCH).map((_, k) => ({
          school_id: base.school.id,
          school_class_id: base.schoolClass.id,
          grade_id: base.lookups.grade!.id,
          name: `Calibrated ${exam.id}-${from + k}`,
          name_en: `Calibrated ${exam.id}-${from + k}`,
          name_ar: `طالب ${exam.id}-${from + k}`,
          gender: k % 2 ? 'female' : 'male',
          nationality: 'AE',
        })),
      )
      .returning('id')
      .execute();
    const ids = students.map((student) => student.id);
    await sitStudents(db, exam, ids, rows.slice(from, from + BATCH));
    studentIds.push(...ids);
  }
  return { studentIds, rows };
}

/** Existing students sit `exam` with the given marks (one row per student, one mark per question). */
export async function sitStudents(
  db: Db,
  exam: { id: number; questions: { id: number }[] },
  studentIds: number[],
  rows: number[][],
) {
  const assignments = await db
    .insertInto('student_exams')
    .values(studentIds.map((student_id) => ({ exam_id: exam.id, student_id, status: 'assigned' })))
    .returning(['id', 'student_id'])
    .execute();
  await db
    .insertInto('exam_attempts')
    .values(
      assignments.map((assignment, index) => {
        const row = rows[index];
        const total = row.reduce((a, b) => a + b, 0);
        return {
          student_exam_id: assignment.id,
          number: 1,
          status: 'submitted',
          seed: 'calibration',
          started_at: new Date(Date.now() - 7_200_000),
          deadline_at: new Date(Date.now() - 3_600_000),
          submitted_at: new Date(Date.now() - 3_600_000),
          result_score: total,
          result_max: row.length,
          result_mark: total,
          result_passed: total >= row.length / 2,
          corrected_at: new Date(),
          item_scores: exam.questions.map((q, i) => `${q.id}:${row[i]}`).join(';'),
          item_choices: '',
        };
      }),
    )
    .execute();
  return { studentIds, rows };
}

/** Seeded standard normal abilities around `mean`. */
export function abilitiesAround(seed: number, count: number, mean: number) {
  const random = mulberry32(seed);
  return Array.from({ length: count }, () => mean + normal(random));
}
