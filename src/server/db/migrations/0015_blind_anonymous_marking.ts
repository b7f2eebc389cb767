import { sql, type Kysely } from 'kysely';
import { markingItems, sheetResult, type MarkerSlot } from '../../../common/correction/index';

/**
 * Blind and anonymous marking that hold (issue 23).
 *
 * - Each marker's sheet keeps its own outcome: how many parts it marks, and the result its marks
 *   alone give. A blind marker's lists, roll-ups and views are computed from it, never from the
 *   attempt's final outcome, which would tell the other marker's marks.
 * - The marking code that stands for a student under anonymous marking addresses the attempt in
 *   every correction route, so it is unique within its exam and drawn from a strong random source
 *   (48 bits: `gen_random_uuid`), no longer from `random()`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('correction_sheets')
    .addColumn('marked_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('result_score', 'numeric(8, 2)')
    .addColumn('result_mark', 'numeric(6, 2)')
    .addColumn('result_passed', 'boolean')
    .execute();
  await backfillSheets(db);

  await sql`alter table student_exams alter column marking_code
    set default upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 12))`.execute(db);
  // Codes drawn twice within one exam (8 hex digits could collide) are drawn again.
  await sql`update student_exams se set marking_code = upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 12))
    where exists (select 1 from student_exams o
      where o.exam_id = se.exam_id and o.marking_code = se.marking_code and o.id < se.id)`.execute(db);
  await db.schema
    .createIndex('student_exams_marking_code_key')
    .on('student_exams')
    .columns(['exam_id', 'marking_code'])
    .unique()
    .execute();
}

const json = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/** Every existing sheet's own outcome, by the same rule the saves use from now on. */
async function backfillSheets(db: Kysely<any>) {
  const sheets: { attempt_id: number; slot: number; exam_id: number; max_mark: string; pass_mark: string }[] = await db
    .selectFrom('correction_sheets as cs')
    .innerJoin('exam_attempts as a', 'a.id', 'cs.attempt_id')
    .innerJoin('student_exams as se', 'se.id', 'a.student_exam_id')
    .innerJoin('exams as e', 'e.id', 'se.exam_id')
    .select(['cs.attempt_id', 'cs.slot', 'se.exam_id', 'e.max_mark', 'e.pass_mark'])
    .execute();
  for (const sheet of sheets) {
    const questions = await db
      .selectFrom('exam_questions')
      .select(['id', 'answer_type', 'answer_key', 'mark', 'mark_option', 'skill_id'])
      .where('exam_id', '=', sheet.exam_id)
      .execute();
    const answers = new Map<number, unknown>(
      (
        await db
          .selectFrom('attempt_answers')
          .select(['question_id', 'answer'])
          .where('attempt_id', '=', sheet.attempt_id)
          .execute()
      ).map((a: { question_id: number; answer: unknown }) => [a.question_id, json(a.answer)]),
    );
    const items = questions.flatMap((q: Record<string, unknown>) =>
      markingItems(
        {
          id: Number(q.id),
          answer_type: String(q.answer_type),
          answer_key: json(q.answer_key),
          mark: Number(q.mark),
          mark_option: String(q.mark_option),
          skill_id: Number(q.skill_id),
        },
        answers.get(Number(q.id)) ?? null,
      ),
    );
    const marks = await db
      .selectFrom('correction_marks')
      .select(['slot', 'question_id', 'part', 'mark', 'comment', 'reason', 'updated_at'])
      .where('attempt_id', '=', sheet.attempt_id)
      .where('slot', '=', sheet.slot)
      .execute();
    const result = sheetResult(
      items,
      marks.map((m: Record<string, unknown>) => ({
        slot: Number(m.slot) as MarkerSlot,
        question_id: Number(m.question_id),
        part: String(m.part),
        mark: m.mark === null ? null : Number(m.mark),
        comment: (m.comment as string | null) ?? null,
        reason: (m.reason as string | null) ?? null,
        at: new Date(m.updated_at as string).getTime(),
      })),
      sheet.slot as MarkerSlot,
      { max_mark: Number(sheet.max_mark), pass_mark: Number(sheet.pass_mark) },
    );
    await db
      .updateTable('correction_sheets')
      .set({
        marked_count: result.marking_final,
        result_score: result.complete ? result.score : null,
        result_mark: result.complete ? result.mark : null,
        result_passed: result.complete ? result.passed : null,
      })
      .where('attempt_id', '=', sheet.attempt_id)
      .where('slot', '=', sheet.slot)
      .execute();
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
