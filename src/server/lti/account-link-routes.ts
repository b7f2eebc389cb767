import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../http/app-error';
import { isStudentAccount } from '../auth';
import { auditContext, recordAudit } from '../audit';
import { ltiCookie } from './lti-cookies';
import { accountLinkFor, takeAccountLink, teacherLanding } from './teacher-launch';

const tags = ['lti'];
/** The teacher's browser holds its waiting launch by this cookie, sent to these routes only. */
export const ACCOUNT_LINK_COOKIE = 'ltm_lti_account';
export const ACCOUNT_LINK_PATH = '/api/lti/account-link';
const expired = () => new AppError(410, 'lti.account_link.expired');

/**
 * A course's teacher whose platform identity is linked to no account here (issue 46): their
 * verified launch waits for them to sign in with their own staff account (password, second factor,
 * single sign-on: whatever their account takes) and confirm, once, that the two are the same
 * person. Never by name or e-mail; never a student's account.
 */
export const accountLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const cookie = ltiCookie(app.config.publicUrl, ACCOUNT_LINK_PATH);
  /** A course's teacher is linked to a staff account, never a student's. */
  const refuseStudents = async (userId: number) => {
    if (await isStudentAccount(app.db, userId)) throw new AppError(403, 'lti.account_link.not_staff');
  };

  app.get(
    '/lti/account-link',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          "A teacher's launch waiting to link their platform account to the signed-in one: the platform and exam",
      },
    },
    async (request) => {
      await refuseStudents(request.auth!.user.id);
      const pending = await accountLinkFor(app.db, request.cookies[ACCOUNT_LINK_COOKIE], app.clock.now());
      if (!pending) throw expired();
      const name = request.lang === 'ar' ? 'name_ar' : 'name_en';
      const exam =
        pending.exam_id === null
          ? undefined
          : await app.db
              .selectFrom('exams')
              .select(`${name} as name`)
              .where('id', '=', pending.exam_id)
              .executeTakeFirst();
      return { data: { platform: pending[name], exam: exam?.name ?? null } };
    },
  );

  app.post(
    '/lti/account-link',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "Links the teacher's platform account to the signed-in staff account, once; answers where to go next",
        body: z.strictObject({}).optional(),
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      await refuseStudents(auth.user.id);
      const pending = await accountLinkFor(app.db, request.cookies[ACCOUNT_LINK_COOKIE], app.clock.now());
      if (!pending) throw expired();
      const linked = await app.db
        .selectFrom('lti_identities')
        .select('user_id')
        .where('platform_id', '=', pending.platform_id)
        .where('subject', '=', pending.subject)
        .executeTakeFirst();
      if (linked && linked.user_id !== auth.user.id) throw new AppError(409, 'lti.account_link.taken');
      // Confirmed once: a second confirmation (another tab, a replay) finds the launch gone.
      if (!(await takeAccountLink(app.db, pending.token_hash))) throw expired();
      reply.clearCookie(ACCOUNT_LINK_COOKIE, cookie);
      if (!linked)
        await app.db.transaction().execute(async (trx) => {
          // Linked meanwhile by another confirmation: that one stands.
          const inserted = await trx
            .insertInto('lti_identities')
            .values({ platform_id: pending.platform_id, subject: pending.subject, user_id: auth.user.id })
            .onConflict((oc) => oc.columns(['platform_id', 'subject']).doNothing())
            .returning('id')
            .executeTakeFirst();
          if (!inserted) throw new AppError(409, 'lti.account_link.taken');
          await recordAudit(trx, {
            ...auditContext(request),
            action: 'lti_platforms.account_linked',
            target: `users/${auth.user.id}`,
            summary: { platform_id: pending.platform_id, subject: pending.subject },
          });
        });
      return { data: { path: await teacherLanding(app.db, auth.user.id, pending.exam_id) } };
    },
  );
};
