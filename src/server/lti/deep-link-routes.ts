import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, invalid } from '../http/app-error';
import { auditContext, recordAudit } from '../audit';
import { containsPattern } from '../db/like';
import { formatWallTime } from '../../common/datetime';
import { deepLinkFor, takeDeepLink } from './deep-link-store';
import { deepLinkAnswer, examLink } from './deep-link-response';
import { ltiCookie } from './lti-cookies';

const tags = ['lti'];
/** The teacher's browser holds its deep linking request by this cookie (its page reads it too). */
export const DEEP_LINK_COOKIE = 'ltm_lti_link';
/** The console's page where the teacher chooses; it posts the answer to the platform. */
export const DEEP_LINK_PAGE = '/lti/deep-link';
/** How many exams one page of the choice shows; a search narrows them. */
const PAGE = 50;
const MAX_ID = 2_147_483_647;
const expired = () => new AppError(401, 'lti.deep_link.expired');

/**
 * The site a teacher's choice page answers (its return address's origin), for the page's policy:
 * its form may post there and the platform's page may frame it. None without a request waiting.
 */
export const deepLinkPageOrigins = (app: FastifyInstance) => async (request: FastifyRequest) => {
  const pending = await deepLinkFor(app.db, request.cookies[DEEP_LINK_COOKIE], app.clock.now());
  return pending?.request.returnUrl ? [new URL(pending.request.returnUrl).origin] : [];
};

/**
 * LTI Deep Linking 2.0 (issue 46): a teacher at their course chooses the exam an activity opens.
 * Nobody is signed in here: the platform vouched for the teacher, and the cookie its verified
 * request left in their browser lets it see the published exams still open (names, window, mark,
 * nothing more) and answer the request once, with the chosen exam or none.
 */
export const deepLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = app.config.publicUrl.replace(/\/?$/, '/');
  const cookie = ltiCookie(app.config.publicUrl, '/');
  const openExams = (name: 'name_en' | 'name_ar') =>
    app.db
      .selectFrom('exams')
      .select(['id', `${name} as name`, 'start_date_time', 'end_date_time', 'max_mark'])
      .where('is_published', '=', true)
      .where('end_date_time', '>', app.clock.now());

  app.get(
    '/lti/deep-link',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The exams a teacher may link their course activity to (deep linking), in the reader language',
        querystring: z.object({ q: z.string().trim().max(100).optional() }),
      },
    },
    async (request) => {
      const pending = await deepLinkFor(app.db, request.cookies[DEEP_LINK_COOKIE], app.clock.now());
      if (!pending) throw expired();
      const name = request.lang === 'ar' ? 'name_ar' : 'name_en';
      let query = openExams(name);
      if (request.query.q) {
        const pattern = containsPattern(request.query.q);
        query = query.where((eb) => eb.or([eb('name_en', 'ilike', pattern), eb('name_ar', 'ilike', pattern)]));
      }
      const exams = await query.orderBy('start_date_time', 'desc').orderBy('id', 'desc').limit(PAGE).execute();
      return {
        platform: pending[name],
        line_item: pending.request.takesLineItem,
        exams: exams.map((exam) => ({
          id: exam.id,
          name: exam.name,
          // The school's wall time, as every screen shows an exam's window.
          start_date_time: formatWallTime(exam.start_date_time, app.config.timeZone),
          end_date_time: formatWallTime(exam.end_date_time, app.config.timeZone),
          max_mark: Number(exam.max_mark),
        })),
      };
    },
  );

  app.post(
    '/lti/deep-link',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "The teacher's choice (an exam, or none to cancel): the signed answer and the platform's address the browser posts it to",
        body: z.object({ exam_id: z.number().int().positive().max(MAX_ID).nullable() }),
      },
    },
    async (request, reply) => {
      const pending = await deepLinkFor(app.db, request.cookies[DEEP_LINK_COOKIE], app.clock.now());
      if (!pending) throw expired();
      const examId = request.body.exam_id;
      const name = request.lang === 'ar' ? 'name_ar' : 'name_en';
      const exam = examId === null ? null : await openExams(name).where('id', '=', examId).executeTakeFirst();
      if (examId !== null && !exam) throw invalid({ exam_id: ['lti.deep_link.exam_unavailable'] });
      const item = exam
        ? examLink(
            { id: exam.id, title: exam.name, maxMark: Number(exam.max_mark) },
            new URL('api/lti/launch', base).toString(),
            pending.request.takesLineItem,
          )
        : null;
      const jwt = await deepLinkAnswer(app, pending, pending.request, item);
      // Answered once: a second choice (another tab, a replay) finds the request gone.
      if (!(await takeDeepLink(app.db, pending.token_hash))) throw expired();
      reply.clearCookie(DEEP_LINK_COOKIE, cookie);
      await recordAudit(app.db, {
        ...auditContext(request),
        action: exam ? 'lti_platforms.exam_linked' : 'lti_platforms.link_cancelled',
        target: `lti-platforms/${pending.platform_id}`,
        summary: { subject: pending.request.subject, exam_id: exam?.id ?? null },
      });
      return { return_url: pending.request.returnUrl, jwt };
    },
  );
};
