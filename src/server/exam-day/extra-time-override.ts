import { z } from 'zod';
import { idValue } from '../../common/ids';
import { recordAudits, type AuditContext } from '../audit';
import type { SchoolScope } from '../auth';
import type { Db } from '../db/database';
import { loadExamOfDay } from './exam-of-day';
import { resolveTargets } from './targets';

/**
 * `PUT /exams/{id}/extra-time`: the extra time of some students for this exam alone, replacing
 * their own accommodation (both values null: back to their own). It applies from their next start;
 * a running attempt takes an extension instead (an intervention).
 */
export const extraTimeBody = z.strictObject({
  student_ids: z.array(idValue()).min(1).max(10_000),
  extra_time_minutes: z.number().int().min(0).max(600).nullable(),
  extra_time_percent: z.number().int().min(0).max(100).nullable(),
  reason: z.string().trim().min(3).max(500),
});
export type ExtraTimeBody = z.output<typeof extraTimeBody>;

export async function setExtraTime(
  context: { db: Db; scope: SchoolScope; audit: AuditContext; now: Date; graceSeconds: number },
  examId: number,
  body: ExtraTimeBody,
) {
  await loadExamOfDay(context.db, examId);
  return context.db.transaction().execute(async (trx) => {
    const targets = await resolveTargets(
      trx,
      examId,
      context.scope,
      { student_ids: body.student_ids },
      { ...context, lock: true },
    );
    const cleared = body.extra_time_minutes === null && body.extra_time_percent === null;
    await trx
      .updateTable('student_exams')
      .set({
        extra_time_minutes: body.extra_time_minutes,
        extra_time_percent: body.extra_time_percent,
        extra_time_reason: cleared ? null : body.reason,
        updated_at: context.now,
      })
      .where(
        'id',
        'in',
        targets.map((row) => row.assignment_id),
      )
      .execute();
    await recordAudits(
      trx,
      targets.map((row) => ({
        ...context.audit,
        action: 'exam_day.extra_time',
        target: `student_exams/${row.assignment_id}`,
        schoolId: row.school_id,
        reason: body.reason,
        summary: {
          exam_id: examId,
          student_id: row.student_id,
          before: { extra_time_minutes: row.extra_time_minutes, extra_time_percent: row.extra_time_percent },
          after: { extra_time_minutes: body.extra_time_minutes, extra_time_percent: body.extra_time_percent },
        },
      })),
    );
    return { updated: targets.length };
  });
}
