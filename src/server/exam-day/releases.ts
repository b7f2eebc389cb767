import { sql } from 'kysely';
import { z } from 'zod';
import { recordAudits, type AuditContext } from '../audit';
import type { SchoolScope } from '../auth';
import type { Db } from '../db/database';
import { loadExamOfDay } from './exam-of-day';
import { examDayRefusal } from './refusals';
import { resolveTargets, targetFields, type TargetRow } from './targets';

/** `POST` and `DELETE /exams/{id}/release`: the whole exam, or some students, a class or a school. */
export const releaseBody = z.strictObject({ ...targetFields, reason: z.string().trim().max(500).optional() });
/** Left out, the release is the whole exam's. */
export type ReleaseBody = z.output<typeof releaseBody> | undefined;

export interface ReleaseContext {
  db: Db;
  scope: SchoolScope;
  audit: AuditContext;
  now: Date;
  graceSeconds: number;
}

/** One audit row per school the release (or its withdrawal) reached (the log filters by school). */
function auditBySchool(
  context: ReleaseContext,
  examId: number,
  action: string,
  rows: TargetRow[],
  options: { reason?: string; withdrawn?: Set<number> },
) {
  const bySchool = new Map<number, TargetRow[]>();
  for (const row of rows) bySchool.set(row.school_id, [...(bySchool.get(row.school_id) ?? []), row]);
  return recordAudits(
    context.db,
    [...bySchool].map(([schoolId, reached]) => ({
      ...context.audit,
      action,
      target: `exams/${examId}`,
      schoolId,
      reason: options.reason ?? null,
      summary: {
        students: reached.length,
        ...(options.withdrawn
          ? { withdrawn: reached.filter((row) => options.withdrawn!.has(row.assignment_id)).length }
          : {}),
        student_ids: reached.slice(0, 200).map((row) => row.student_id),
      },
    })),
  );
}

/**
 * Releases an exam's results (issue 26): from now on its students see their scores (and, where
 * the assignment shows answers, the right answers once nobody can still sit the exam), and school
 * staff see them in their lists, exports and reports. Audited. A practice test needs none (418).
 */
export async function releaseResults(context: ReleaseContext, examId: number, body: ReleaseBody) {
  return changeRelease(context, examId, body ?? {}, 'release');
}

/** Withdraws a release: the results go back to waiting, and no window's end releases them again. */
export async function withdrawRelease(context: ReleaseContext, examId: number, body: ReleaseBody) {
  return changeRelease(context, examId, body ?? {}, 'withdraw');
}

/** What a release changed: the assignments it released, of those it reached. */
export interface Released {
  released: number;
  assignments: number;
}
/** What a withdrawal changed: the releases it withdrew and the releases at the window's end it held back. */
export interface Withdrawn {
  withdrawn: number;
  held: number;
  assignments: number;
}

type Target = NonNullable<ReleaseBody>;
async function changeRelease(
  context: ReleaseContext,
  examId: number,
  body: Target,
  change: 'release',
): Promise<Released>;
async function changeRelease(
  context: ReleaseContext,
  examId: number,
  body: Target,
  change: 'withdraw',
): Promise<Withdrawn>;
async function changeRelease(
  context: ReleaseContext,
  examId: number,
  body: Target,
  change: 'release' | 'withdraw',
): Promise<Released | Withdrawn> {
  const exam = await loadExamOfDay(context.db, examId);
  if (exam.is_mock) throw examDayRefusal.mock();
  return context.db.transaction().execute(async (trx) => {
    const scoped = { ...context, db: trx };
    const targets = await resolveTargets(trx, examId, context.scope, body, { ...context, lock: true });
    if (change === 'release') {
      const changing = targets.filter((row) => row.released_at === null);
      if (changing.length > 0) {
        await trx
          .updateTable('student_exams')
          .set({ released_at: context.now, released_by: context.audit.actorId, updated_at: context.now })
          .where(
            'id',
            'in',
            changing.map((row) => row.assignment_id),
          )
          .execute();
        await auditBySchool(scoped, examId, 'results.release', changing, { reason: body.reason });
      }
      return { released: changing.length, assignments: targets.length };
    }
    // Withdrawn: hidden again, and not released at the window's end either. Those that had not been
    // released yet are held back (an `after_close` assignment becomes manual).
    const withdrawn = targets.filter((row) => row.released);
    const held = targets.filter((row) => !row.released && row.release_mode === 'after_close');
    const changing = [...withdrawn, ...held];
    if (changing.length > 0) {
      const ids = changing.map((row) => row.assignment_id);
      await trx
        .updateTable('student_exams')
        .set({ released_at: null, released_by: null, release_mode: 'manual', updated_at: context.now })
        .where('id', 'in', ids)
        .execute();
      // The reports lose them at once, and so does the dashboards' leaderboard (issue 39: a withdrawn
      // mark stayed there until the next refresh); the figures follow at the refresh it queues.
      // By the assignment each row came from; a row of an earlier refresh, which names none, by its grain.
      await sql`delete from web_report_students where student_exam_id in (${sql.join(ids)})`.execute(trx);
      await sql`delete from web_report_students w using report_results r
        where w.student_exam_id is null and r.student_exam_id in (${sql.join(ids)}) and w.student_id = r.student_id
          and w.platform_id = r.platform_id and w.round_id is not distinct from r.round_id
          and w.academic_year_id is not distinct from r.academic_year_id`.execute(trx);
      await trx.deleteFrom('report_results').where('student_exam_id', 'in', ids).execute();
      await auditBySchool(scoped, examId, 'results.withdraw', changing, {
        reason: body.reason,
        withdrawn: new Set(withdrawn.map((row) => row.assignment_id)),
      });
    }
    return { withdrawn: withdrawn.length, held: held.length, assignments: targets.length };
  });
}

/**
 * The job behind `after_close` (every minute): stamps the assignments whose window and grace are
 * over as released, and audits it as the system's act, one row per exam and school. Reads do not
 * wait for it (result-release.ts decides from the window too).
 */
export async function releaseClosedAssignments(db: Db, now: Date, graceSeconds: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: number; exam_id: number; school_id: number }>`
      update student_exams se set released_at = ${now}, updated_at = ${now}
      from exams e, exam_types et, students st
      where e.id = se.exam_id and et.id = e.exam_type_id and st.id = se.student_id and not et.is_mock
        and se.release_mode = 'after_close' and se.released_at is null
        and coalesce(se.end_date_time, e.end_date_time) + make_interval(secs => ${graceSeconds}) < ${now}
      returning se.id, se.exam_id, coalesce(se.school_id, st.school_id) as school_id`.execute(trx);
    const groups = new Map<string, { exam_id: number; school_id: number; count: number }>();
    for (const row of rows) {
      const key = `${row.exam_id}:${row.school_id}`;
      const group = groups.get(key) ?? { exam_id: row.exam_id, school_id: row.school_id, count: 0 };
      group.count++;
      groups.set(key, group);
    }
    await recordAudits(
      trx,
      [...groups.values()].map((group) => ({
        actorId: null,
        address: null,
        requestId: null,
        action: 'results.release',
        target: `exams/${group.exam_id}`,
        schoolId: group.school_id,
        summary: { students: group.count, automatic: true },
      })),
    );
    return rows.length;
  });
}
