import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { CalibrationDesign } from '../db/types-calibrations';
import { AppError, invalid, notFound } from '../http/app-error';
import type { JobQueue } from '../jobs';
import { STALE_MINUTES } from './calibration-run';

export const CALIBRATION_QUEUE = 'calibration';
/** The most exams one calibration takes (a round of grades, or a year's rounds). */
export const MAX_CALIBRATION_EXAMS = 12;

/**
 * Records a calibration of `examIds` (in their order, or together when `design` is concurrent: at
 * least two) on a scale and queues it. It is the scale's
 * origin while the scale has none, a link to the bank otherwise. Every exam must be the scale's
 * platform's and hold questions of its skill; one calibration of a scale runs at a time.
 */
export async function requestCalibration(
  db: Db,
  jobs: JobQueue,
  request: { scaleId: number; examIds: number[]; design: CalibrationDesign; userId: number },
): Promise<number> {
  const scale = await db
    .selectFrom('scales')
    .select(['id', 'platform_id', 'skill_id', 'anchor_calibration_id'])
    .where('id', '=', request.scaleId)
    .executeTakeFirst();
  if (!scale) throw notFound();
  const examIds = request.examIds;
  if (new Set(examIds).size !== examIds.length) throw invalid({ exam_ids: ['calibrations.errors.repeated_exam'] });
  if (request.design === 'concurrent' && examIds.length < 2)
    throw invalid({ exam_ids: ['calibrations.errors.concurrent_needs_two'] });
  const { rows } = await sql<{ id: number; platform_id: number; delivery_mode: string; questions: number }>`
    select e.id, e.platform_id, e.delivery_mode,
      (select count(*)::int from exam_questions q where q.exam_id = e.id and q.skill_id = ${scale.skill_id}) as questions
    from exams e where e.id in (${sql.join(examIds)})`.execute(db);
  const found = new Map(rows.map((row) => [Number(row.id), row]));
  const offScale = examIds.filter((id) => {
    const exam = found.get(id);
    return !exam || Number(exam.platform_id) !== scale.platform_id || Number(exam.questions) === 0;
  });
  if (offScale.length > 0) throw invalid({ exam_ids: offScale.map(() => 'calibrations.errors.exam_not_on_scale') });
  // Each student of an adaptive exam answered different questions, chosen with the bank's parameters:
  // what they did not see is no wrong answer, and the parameters cannot be estimated from them again.
  if (examIds.some((id) => found.get(id)!.delivery_mode === 'adaptive'))
    throw invalid({ exam_ids: ['calibrations.errors.adaptive_exam'] });
  const done = await db
    .selectFrom('calibrations')
    .select('id')
    .where('scale_id', '=', scale.id)
    .where('status', '=', 'done')
    .executeTakeFirst();
  // A run whose process died long ago no longer holds the scale: it failed, and wrote nothing.
  await db
    .updateTable('calibrations')
    .set({ status: 'failed', message: 'calibrations.errors.failed', finished_at: sql`now()` })
    .where('scale_id', '=', scale.id)
    .where('status', '=', 'running')
    .where('started_at', '<', sql<Date>`now() - make_interval(mins => ${STALE_MINUTES})`)
    .execute();
  // One waits or runs per scale (a unique index): a second request, even at the same moment, is refused.
  const inserted = await db
    .insertInto('calibrations')
    .values({
      scale_id: scale.id,
      method: scale.anchor_calibration_id === null && !done ? 'origin' : 'linked',
      exam_ids: JSON.stringify(examIds),
      design: request.design,
      created_by: request.userId,
    })
    .onConflict((oc) => oc.column('scale_id').where('status', 'in', ['queued', 'running']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw new AppError(409, 'calibrations.errors.busy');
  const { id } = inserted;
  await jobs.send(CALIBRATION_QUEUE, { id });
  return id;
}
