import { sql } from 'kysely';
import type { Db } from '../db/database';
import { recordAudits, type AuditContext } from '../audit';
import { retryOnUniqueViolation } from '../db/unique-retry';
import { invalid } from '../http/app-error';
import { windowOf, type AssignmentBody } from './assignment-body';
import { eligibleStudents, loadExamTarget, type ExamTarget } from './eligibility';
import { deliveryRefusal } from './refusals';

/** The unique index of marking codes within an exam: drawn at random, so drawn again on a collision. */
const MARKING_CODES = 'student_exams_marking_code_key';

export interface AssignmentOutcome {
  assigned: number;
  already_assigned: number;
  skipped: { student_id: number; reason: 'not_eligible' | 'unknown_student' }[];
}

interface Plan {
  exam: ExamTarget;
  body: AssignmentBody;
  window: { start: Date; end: Date };
  /** Eligible students to assign, in id order. */
  studentIds: number[];
  skipped: AssignmentOutcome['skipped'];
}

/** Checks an assign or reassign request against the exam (418, 422) and resolves its students. */
async function plan(db: Db, examId: number, body: AssignmentBody, timeZone: string): Promise<Plan> {
  const exam = await loadExamTarget(db, examId);
  if (!exam.is_published) throw deliveryRefusal.assignUnpublished();
  const window = windowOf(body, timeZone);
  if ('errors' in window) throw invalid(window.errors);
  if (window.start < exam.start_date_time || window.end > exam.end_date_time) {
    throw invalid({ start_date_time: ['delivery.errors.window_outside_exam'] });
  }
  if (body.exam_localization_id !== null) {
    const localization = await db
      .selectFrom('exam_localizations')
      .select('id')
      .where('id', '=', body.exam_localization_id)
      .where('exam_id', '=', examId)
      .where('is_published', '=', true)
      .executeTakeFirst();
    if (!localization) throw invalid({ exam_localization_id: ['delivery.errors.localization_invalid'] });
  }
  if (body.school_ids.length === 0 && body.student_ids.length === 0) {
    throw invalid({ student_ids: ['delivery.errors.nothing_to_assign'] });
  }
  const eligible = new Set<number>();
  if (body.school_ids.length > 0) {
    const rows = await eligibleStudents(db, exam)
      .select('students.id')
      .where('students.school_id', 'in', body.school_ids)
      .execute();
    for (const row of rows) eligible.add(row.id);
  }
  const skipped: AssignmentOutcome['skipped'] = [];
  const listed = [...new Set(body.student_ids)].filter((id) => !eligible.has(id));
  if (listed.length > 0) {
    const found = new Set(
      (await db.selectFrom('students').select('id').where('id', 'in', listed).execute()).map((r) => r.id),
    );
    const fit = new Set(
      (await eligibleStudents(db, exam).select('students.id').where('students.id', 'in', listed).execute()).map(
        (r) => r.id,
      ),
    );
    for (const id of listed) {
      if (fit.has(id)) eligible.add(id);
      else skipped.push({ student_id: id, reason: found.has(id) ? 'not_eligible' : 'unknown_student' });
    }
  }
  return { exam, body, window, studentIds: [...eligible].sort((a, b) => a - b), skipped };
}

/**
 * One audit row per school whose students an assign or reassign reached (the log filters by
 * school), in the transaction that assigns: how many were assigned and, for a reassignment, how
 * many attempts were erased.
 */
async function auditAssignment(
  trx: Db,
  context: AuditContext,
  examId: number,
  action: 'exams.assign' | 'exams.reassign',
  p: Plan,
  erased: Map<number, number> = new Map(),
) {
  if (p.studentIds.length === 0) return;
  const { rows } = await sql<{ school_id: number; students: number }>`
    select school_id, count(*)::int as students from students
    where id in (${sql.join(p.studentIds)}) group by school_id order by school_id`.execute(trx);
  await recordAudits(
    trx,
    rows.map((row) => ({
      ...context,
      action,
      target: `exams/${examId}`,
      schoolId: row.school_id,
      summary: {
        students: row.students,
        ...(action === 'exams.reassign' ? { attempts_erased: erased.get(row.school_id) ?? 0 } : {}),
        start_date_time: p.body.start_date_time,
        end_date_time: p.body.end_date_time,
        release_results: p.body.release_results,
      },
    })),
  );
}

const optionsOf = (p: Plan, userId: number) => ({
  start_date_time: p.window.start,
  end_date_time: p.window.end,
  show_answers: p.body.show_answers,
  shuffle_choices: p.body.shuffle_choices,
  shuffle_questions: p.body.shuffle_questions,
  exam_localization_id: p.body.exam_localization_id,
  release_mode: p.body.release_results,
  assigned_by: userId,
  updated_at: sql<Date>`now()`,
});

/**
 * Assigns the exam: every eligible student of the listed schools plus the listed students. A student
 * assigned already keeps their attempts and answers; their window and options take the new values.
 */
export async function assignStudents(
  db: Db,
  examId: number,
  body: AssignmentBody,
  timeZone: string,
  context: AuditContext & { actorId: number },
): Promise<AssignmentOutcome> {
  const userId = context.actorId;
  const p = await plan(db, examId, body, timeZone);
  return retryOnUniqueViolation(MARKING_CODES, () =>
    db.transaction().execute(async (trx) => {
      const existing = new Set(
        p.studentIds.length === 0
          ? []
          : (
              await trx
                .selectFrom('student_exams')
                .select('student_id')
                .where('exam_id', '=', examId)
                .where('student_id', 'in', p.studentIds)
                .execute()
            ).map((r) => r.student_id),
      );
      const fresh = p.studentIds.filter((id) => !existing.has(id));
      for (let i = 0; i < fresh.length; i += 500) {
        await trx
          .insertInto('student_exams')
          .values(
            fresh.slice(i, i + 500).map((student_id) => ({ exam_id: examId, student_id, ...optionsOf(p, userId) })),
          )
          .onConflict((oc) => oc.columns(['exam_id', 'student_id']).doNothing())
          .execute();
      }
      if (existing.size > 0) {
        await trx
          .updateTable('student_exams')
          .set(optionsOf(p, userId))
          .where('exam_id', '=', examId)
          .where('student_id', 'in', [...existing])
          .execute();
      }
      await auditAssignment(trx, context, examId, 'exams.assign', p);
      return { assigned: fresh.length, already_assigned: existing.size, skipped: p.skipped };
    }),
  );
}

/**
 * Reassigns the exam: the students get a fresh start, and every earlier attempt and answer of theirs
 * for this exam is erased (SPEC section 4). Students not assigned yet are assigned.
 */
export async function reassignStudents(
  db: Db,
  examId: number,
  body: AssignmentBody,
  timeZone: string,
  context: AuditContext & { actorId: number },
): Promise<AssignmentOutcome> {
  const userId = context.actorId;
  const p = await plan(db, examId, body, timeZone);
  return retryOnUniqueViolation(MARKING_CODES, () =>
    db.transaction().execute(async (trx) => {
      const erased = new Map<number, number>();
      if (p.studentIds.length > 0) {
        const { rows } = await sql<{ school_id: number; attempts: number }>`
          select st.school_id, count(*)::int as attempts from exam_attempts a
          join student_exams se on se.id = a.student_exam_id join students st on st.id = se.student_id
          where se.exam_id = ${examId} and se.student_id in (${sql.join(p.studentIds)})
          group by st.school_id`.execute(trx);
        for (const row of rows) erased.set(row.school_id, row.attempts);
        // Attempts go, and their answers with them (on delete cascade).
        await trx
          .deleteFrom('exam_attempts')
          .where(
            'student_exam_id',
            'in',
            trx
              .selectFrom('student_exams')
              .select('id')
              .where('exam_id', '=', examId)
              .where('student_id', 'in', p.studentIds),
          )
          .execute();
        await trx
          .deleteFrom('student_exams')
          .where('exam_id', '=', examId)
          .where('student_id', 'in', p.studentIds)
          .execute();
      }
      for (let i = 0; i < p.studentIds.length; i += 500) {
        await trx
          .insertInto('student_exams')
          .values(
            p.studentIds
              .slice(i, i + 500)
              .map((student_id) => ({ exam_id: examId, student_id, ...optionsOf(p, userId) })),
          )
          .execute();
      }
      await auditAssignment(trx, context, examId, 'exams.reassign', p, erased);
      return { assigned: p.studentIds.length, already_assigned: 0, skipped: p.skipped };
    }),
  );
}
