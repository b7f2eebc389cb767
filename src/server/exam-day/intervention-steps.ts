import { sql } from 'kysely';
import type { Db } from '../db/database';
import { finalizeAttempt } from '../delivery';
import type { InterventionBody, InterventionContext } from './intervention-body';
import type { SkipReason } from './refusals';
import type { TargetRow } from './targets';

/** What a reset erases of an assignment: its attempts, their answers and their marks. */
export interface Erases {
  attempts: number;
  answers: number;
  marks: number;
}

export interface Planned {
  target: TargetRow;
  /** extend, reopen: the attempt's deadline after it. */
  newDeadline?: Date;
  /** reset: what it erases. */
  erases?: Erases;
}

type Step = Pick<InterventionContext, 'db' | 'now' | 'graceSeconds' | 'audit'>;

/**
 * Decides, for each assignment, whether the action applies, and why not when it does not.
 * `answersShown`: the exam's right answers may have reached students (result-release.ts), so
 * nobody may answer it again: no reopening, no reset.
 */
export async function planIntervention(
  context: Step,
  body: InterventionBody,
  targets: TargetRow[],
  answersShown: boolean,
) {
  const { now, graceSeconds } = context;
  const applied: Planned[] = [];
  const skipped: { target: TargetRow; reason: SkipReason }[] = [];
  const skip = (target: TargetRow, reason: SkipReason) => skipped.push({ target, reason });
  for (const target of targets) {
    if (target.attempt_id === null) {
      skip(target, 'not_started');
      continue;
    }
    const running =
      target.status === 'in_progress' &&
      target.deadline_at !== null &&
      now.getTime() <= target.deadline_at.getTime() + graceSeconds * 1000;
    switch (body.action) {
      case 'extend':
        if (!running) skip(target, 'not_running');
        else applied.push({ target, newDeadline: new Date(target.deadline_at!.getTime() + body.minutes! * 60_000) });
        break;
      case 'force_submit':
        if (target.status !== 'in_progress') skip(target, 'not_running');
        else applied.push({ target });
        break;
      case 'reopen': {
        if (target.status !== 'submitted') skip(target, 'not_submitted');
        else if (target.released) skip(target, 'released');
        else if (answersShown) skip(target, 'answers_shown');
        else if (target.marking_started) skip(target, 'marking_started');
        else {
          // The time given, else what the student had left when it closed (a crash, a forced submission).
          const left = Math.max(0, target.deadline_at!.getTime() - target.submitted_at!.getTime());
          const seconds = body.minutes !== undefined ? body.minutes * 60 : Math.floor(left / 1000);
          if (seconds < 60) skip(target, 'no_time_left');
          else applied.push({ target, newDeadline: new Date(now.getTime() + seconds * 1000) });
        }
        break;
      }
      case 'reset':
        if (target.released) skip(target, 'released');
        else if (answersShown) skip(target, 'answers_shown');
        else applied.push({ target });
        break;
    }
  }
  if (body.action === 'reset') await countErased(context.db, applied);
  return { applied, skipped };
}

async function countErased(db: Db, applied: Planned[]) {
  if (applied.length === 0) return;
  const ids = applied.map((entry) => entry.target.assignment_id);
  const { rows } = await sql<{ assignment_id: number; attempts: number; answers: number; marks: number }>`
    select a.student_exam_id as assignment_id, count(distinct a.id)::int as attempts,
      (select count(*)::int from attempt_answers aa join exam_attempts x on x.id = aa.attempt_id
        where x.student_exam_id = a.student_exam_id) as answers,
      (select count(*)::int from correction_marks cm join exam_attempts x on x.id = cm.attempt_id
        where x.student_exam_id = a.student_exam_id and cm.mark is not null) as marks
    from exam_attempts a where a.student_exam_id in (${sql.join(ids)})
    group by a.student_exam_id`.execute(db);
  const byId = new Map(rows.map((row) => [row.assignment_id, row]));
  for (const entry of applied) {
    const row = byId.get(entry.target.assignment_id);
    entry.erases = { attempts: row?.attempts ?? 0, answers: row?.answers ?? 0, marks: row?.marks ?? 0 };
  }
}

/** Carries out the planned action (inside the caller's transaction); what each assignment is after it. */
export async function applyIntervention(context: Step, body: InterventionBody, applied: Planned[]) {
  const { db, now } = context;
  const after = new Map<number, Record<string, unknown>>();
  const attemptIds = applied.map((entry) => entry.target.attempt_id!);
  const assignmentIds = applied.map((entry) => entry.target.assignment_id);
  switch (body.action) {
    case 'extend': {
      const seconds = body.minutes! * 60;
      const rows = await db
        .updateTable('exam_attempts')
        .set({
          deadline_at: sql`deadline_at + make_interval(secs => ${seconds})`,
          extra_seconds: sql`extra_seconds + ${seconds}`,
          updated_at: now,
        })
        .where('id', 'in', attemptIds)
        .where('status', '=', 'in_progress')
        .returning(['student_exam_id', 'deadline_at', 'extra_seconds'])
        .execute();
      for (const row of rows)
        after.set(row.student_exam_id, {
          deadline_at: new Date(row.deadline_at).toISOString(),
          extra_seconds: row.extra_seconds,
        });
      break;
    }
    case 'force_submit':
      for (const entry of applied) {
        await finalizeAttempt(db, entry.target.attempt_id!, now, { by: 'supervisor', userId: context.audit.actorId! });
        after.set(entry.target.assignment_id, { status: 'submitted', forced: true });
      }
      break;
    case 'reopen': {
      const deadlines = applied.map((entry) => ({ id: entry.target.attempt_id, deadline_at: entry.newDeadline }));
      await sql`
        update exam_attempts a set status = 'in_progress', deadline_at = x.deadline_at, submitted_at = null,
          auto_submitted = false, forced_by = null, score = null, max_score = null, needs_correction = false,
          marking_total = 0, marking_final = 0, result_score = null, result_max = null, result_mark = null,
          result_passed = null, skill_scores = null, item_scores = null, item_choices = null, corrected_at = null,
          updated_at = ${now}
        from jsonb_to_recordset(${JSON.stringify(deadlines)}::jsonb) as x(id integer, deadline_at timestamptz)
        where a.id = x.id and a.status = 'submitted' and not a.marking_started`.execute(db);
      await db
        .updateTable('student_exams')
        .set({ status: 'in_progress', submitted_at: null, updated_at: now })
        .where('id', 'in', assignmentIds)
        .execute();
      // A reopened attempt's result leaves the reports until it is submitted and released again.
      await db.deleteFrom('report_results').where('student_exam_id', 'in', assignmentIds).execute();
      for (const entry of applied)
        after.set(entry.target.assignment_id, { status: 'in_progress', deadline_at: entry.newDeadline!.toISOString() });
      break;
    }
    case 'reset':
      // Answers and marks go with their attempts (on delete cascade); presence has no key to them.
      await db
        .deleteFrom('attempt_presence')
        .where('attempt_id', 'in', (eb) =>
          eb.selectFrom('exam_attempts').select('id').where('student_exam_id', 'in', assignmentIds),
        )
        .execute();
      await db.deleteFrom('exam_attempts').where('student_exam_id', 'in', assignmentIds).execute();
      await db.deleteFrom('report_results').where('student_exam_id', 'in', assignmentIds).execute();
      await db
        .updateTable('student_exams')
        .set({ status: 'assigned', started_at: null, deadline_at: null, submitted_at: null, updated_at: now })
        .where('id', 'in', assignmentIds)
        .execute();
      for (const entry of applied) after.set(entry.target.assignment_id, { status: 'not_started' });
      break;
  }
  return after;
}
