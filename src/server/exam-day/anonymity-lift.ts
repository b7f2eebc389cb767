import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../common/ids';
import { permissionFor } from '../../common/permissions';
import { AREAS } from '../../common/permission-catalog';
import { auditContext, recordAudit, type AuditContext } from '../audit';
import type { Db } from '../db/database';
import { AppError, notFound } from '../http/app-error';
import { requirePermission } from '../http/route-access';
import { forgetReadings } from './monitor-cache';

const liftBody = z.strictObject({ reason: z.string().trim().min(3).max(500) });
const lifted = z.strictObject({
  data: z.strictObject({ exam_id: z.number(), lifted_at: z.string(), lifted_by: z.number().nullable() }),
});

/**
 * Lifts an anonymously marked exam's anonymity: from then on no one's side of it holds (its markers
 * may read its monitor and named results, its named readers its codes), whether its marking is open
 * or closed. It cannot be taken back, so it takes a reason and is audited with it (and the lifter's
 * own side of the exam, if any), in the same transaction. 404 for no such exam; 418 for an exam
 * marked by name, or one already lifted.
 */
export async function liftAnonymity(db: Db, examId: number, reason: string, audit: AuditContext, now: Date) {
  return db.transaction().execute(async (trx) => {
    const exam = await trx
      .selectFrom('exams')
      .select(['id', 'anonymous_marking'])
      .where('id', '=', examId)
      .forUpdate()
      .executeTakeFirst();
    if (!exam) throw notFound();
    if (!exam.anonymous_marking) throw new AppError(418, 'correction.errors.not_anonymous');
    const row = await trx
      .insertInto('anonymity_lifts')
      .values({ exam_id: examId, lifted_by: audit.actorId, lifted_at: now, reason })
      .onConflict((oc) => oc.column('exam_id').doNothing())
      .returning(['exam_id', 'lifted_by', 'lifted_at'])
      .executeTakeFirst();
    if (!row) throw new AppError(418, 'correction.errors.already_lifted');
    const sides = await trx
      .selectFrom('anonymous_marking_sides')
      .select(['user_id', 'side'])
      .where('exam_id', '=', examId)
      .execute();
    // The lifter's own side, if they took one: the log shows whether they marked or read by name.
    const own = sides.find((s) => s.user_id === audit.actorId)?.side ?? null;
    await recordAudit(trx, {
      ...audit,
      action: 'exams.lift_anonymity',
      target: `exams/${examId}`,
      reason,
      summary: {
        before: { anonymity: 'held' },
        after: { anonymity: 'lifted' },
        sides_taken: sides.length,
        lifter_side: own,
      },
    });
    return { exam_id: row.exam_id, lifted_by: row.lifted_by, lifted_at: new Date(row.lifted_at).toISOString() };
  });
}

/** `POST /exams/{id}/anonymity/lift`: administrators (`anonymity.edit`), with a reason. */
export const anonymityLiftRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/exams/:id/anonymity/lift',
    {
      config: { access: requirePermission(permissionFor(AREAS.anonymity, 'edit')) },
      schema: {
        tags: ['exam day'],
        summary:
          "Lift an anonymously marked exam's anonymity, with a reason (audited with the lifter's own side, never taken back): its markers may then read it by name, its named readers by code",
        params: z.object({ id: idParam() }),
        body: liftBody,
        response: { 200: lifted },
      },
    },
    async (request) => {
      const { id } = request.params;
      const data = await liftAnonymity(app.db, id, request.body.reason, auditContext(request), app.clock.now());
      // The monitor says so at its next reading.
      forgetReadings(app.db, id);
      return { data };
    },
  );
};
