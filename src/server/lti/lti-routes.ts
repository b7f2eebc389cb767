import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { acceptUrlEncodedForms } from '../http/form-body';
import { findUnsafeValue } from '../http/input-guards';
import { endBrowserSession, startSession } from '../auth';
import { auditContext, recordAudit } from '../audit';
import { deepLinkOf, isDeepLink, launchOf, LTI, MESSAGE_TYPES, type DeepLinkRequest } from './claims';
import { DEEP_LINK_COOKIE, DEEP_LINK_PAGE } from './deep-link-routes';
import { keepDeepLink } from './deep-link-store';
import { ltiCookie } from './lti-cookies';
import { keepClaims, keepLogin, loginFor, takeClaims } from './launch-store';
import { launchTarget, LaunchAccountRefused } from './launch-account';
import { ACCOUNT_LINK_COOKIE, ACCOUNT_LINK_PATH } from './account-link-routes';
import { ACCOUNT_LINK_PAGE } from '../../common/lti/pages';
import { keepAccountLink, staffOf, teacherLanding } from './teacher-launch';
import { verifyLaunch } from './launch-verify';
import { toolKeySet } from './tool-keys';
import myExams from '../../../schemas/my-exams';

const tags = ['lti'];
/** The browser's half of a launch under way: its state, sent back to /api/lti only. */
const STATE_COOKIE = 'ltm_lti';
const FORM_BYTES = 64 * 1024;
/** The student's exams in the console (an assignment's page is below it). */
const MY_EXAMS = myExams.pages.my_exams.path.replace(/^\/|\/\*$/g, '');
const field = z.union([z.string().max(16_000), z.array(z.string().max(16_000))]);
const loginParams = z.object({
  iss: z.string().max(500).optional(),
  login_hint: z.string().max(2000).optional(),
  target_link_uri: z.string().max(2000).optional(),
  lti_message_hint: z.string().max(4000).optional(),
  client_id: z.string().max(255).optional(),
  lti_deployment_id: z.string().max(255).optional(),
});

/**
 * LTI 1.3 launches (issue 46): this app as a tool a learning management system opens. The
 * platform's third-party login initiation (GET or POST) sends the browser to the platform's
 * authentication with a state (also a cookie) and a nonce; the platform posts the signed launch
 * back; the launch is checked where it arrives, then handed, once and within a minute, to the
 * browser that holds the state (the platform's post, from its own site, does not carry our
 * cookie). The student it names is signed in and opens the exam the link names. Every refusal
 * goes to the sign-in page with its reason, in the reader's language.
 */
export const ltiRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = app.config.publicUrl.replace(/\/?$/, '/');
  const stateCookie = ltiCookie(app.config.publicUrl, '/api/lti');
  const linkCookie = ltiCookie(app.config.publicUrl, '/');
  const accountCookie = ltiCookie(app.config.publicUrl, ACCOUNT_LINK_PATH);
  const refuse = (reply: FastifyReply, reason: string) =>
    reply.redirect(`${new URL('login', base).pathname}?sso_error=${reason}`);
  /** A page's path, in the person's language at the platform where the launch said one (`?lang=`). */
  const inLanguage = (page: URL, language: string | null) => {
    if (language) page.searchParams.set('lang', language);
    return `${page.pathname}${page.search}`;
  };
  acceptUrlEncodedForms(app, FORM_BYTES);
  const secureAddress = (url: string | null) => {
    try {
      return url !== null && ['https:', ...(app.config.production ? [] : ['http:'])].includes(new URL(url).protocol);
    } catch {
      return false;
    }
  };
  /** A secure deployment takes launches only from a platform it reaches over TLS (its keys above all). */
  const reachable = (platform: { auth_login_url: string; jwks_url: string }) =>
    [platform.auth_login_url, platform.jwks_url].every(secureAddress);
  /** A deep linking request this tool can answer: resource links taken, its data bounded, a web address to post to. */
  const answerable = (said: DeepLinkRequest) => said.takesLinks && !said.dataTooLong && secureAddress(said.returnUrl);

  app.get(
    '/lti/jwks',
    { config: { access: 'public' }, schema: { tags, summary: "This tool's public key set (JWKS), for the platforms" } },
    async () => toolKeySet(app),
  );

  const login = async (request: FastifyRequest, reply: FastifyReply, params: z.infer<typeof loginParams>) => {
    if (!params.iss || !params.login_hint) return refuse(reply, 'failed');
    let query = app.db
      .selectFrom('lti_platforms')
      .select(['id', 'client_id', 'auth_login_url', 'jwks_url'])
      .where('issuer', '=', params.iss)
      .where('is_active', '=', true);
    if (params.client_id) query = query.where('client_id', '=', params.client_id);
    const platform = await query.orderBy('id').executeTakeFirst();
    if (!platform || !reachable(platform)) return refuse(reply, 'unavailable');
    const { state, nonce } = await keepLogin(app.db, platform.id);
    const url = new URL(platform.auth_login_url);
    const ask: Record<string, string | undefined> = {
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: platform.client_id,
      redirect_uri: new URL('api/lti/launch', base).toString(),
      login_hint: params.login_hint,
      lti_message_hint: params.lti_message_hint,
      state,
      nonce,
    };
    for (const [name, value] of Object.entries(ask)) if (value !== undefined) url.searchParams.set(name, value);
    reply.setCookie(STATE_COOKIE, state, { ...stateCookie, maxAge: 600 });
    request.log.info({ platform: platform.id }, 'LTI login initiated');
    return reply.redirect(url.toString());
  };

  app.get(
    '/lti/login',
    {
      config: { access: 'public' },
      schema: { tags, summary: "A platform's third-party login initiation (GET)", querystring: loginParams },
    },
    async (request, reply) => login(request, reply, request.query),
  );
  app.post(
    '/lti/login',
    {
      config: { access: 'public', crossSitePost: true },
      schema: {
        tags,
        summary: "A platform's third-party login initiation (POST)",
        body: z.record(z.string(), field).optional(),
      },
    },
    async (request, reply) => {
      const parsed = loginParams.safeParse(request.body ?? {});
      return parsed.success ? login(request, reply, parsed.data) : refuse(reply, 'failed');
    },
  );

  app.post(
    '/lti/launch',
    {
      config: { access: 'public', crossSitePost: true },
      schema: {
        tags,
        summary:
          "The platform's signed launch (id_token, form_post): checked against its keys, nonce and deployment, then handed to the browser that started",
        body: z.record(z.string(), field).optional(),
      },
    },
    async (request, reply) => {
      const { id_token: idToken, state } = request.body ?? {};
      if (typeof idToken !== 'string' || typeof state !== 'string') return refuse(reply, 'failed');
      const pending = await loginFor(app.db, state);
      if (!pending) return refuse(reply, 'expired');
      const platform = await app.db
        .selectFrom('lti_platforms')
        .selectAll()
        .where('id', '=', pending.platform_id)
        .where('is_active', '=', true)
        .executeTakeFirst();
      if (!platform || !reachable(platform)) return refuse(reply, 'unavailable');
      let claims: Record<string, unknown>;
      try {
        claims = await verifyLaunch(platform, idToken, pending.nonce);
      } catch (error) {
        request.log.warn({ err: error, platform: platform.id }, 'LTI launch refused');
        return refuse(reply, 'failed');
      }
      const said =
        claims[LTI.messageType] === MESSAGE_TYPES.deepLinking
          ? deepLinkOf(claims)
          : launchOf(claims, platform.auth_token_url);
      // A NUL or a lone surrogate in a signed claim (a title typed at the platform, the opaque
      // deep linking data), or data nested beyond reason, is nothing the database can keep.
      if (findUnsafeValue(said) !== null) return refuse(reply, 'failed');
      if (isDeepLink(said) && !answerable(said)) return refuse(reply, 'failed');
      const token = await keepClaims(app.db, pending.state_hash, said);
      if (!token) return refuse(reply, 'expired');
      const complete = new URL('api/lti/complete', base);
      complete.searchParams.set('launch', token);
      // 303: the browser follows with a GET, a top-level navigation that carries the state cookie.
      return reply.redirect(`${complete.pathname}${complete.search}`, 303);
    },
  );

  app.get(
    '/lti/complete',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A checked launch taken by the browser that started it: the student signed in, to the link's exam",
        querystring: z.object({ launch: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      reply.clearCookie(STATE_COOKIE, stateCookie);
      const taken = await takeClaims(app.db, request.query.launch ?? '', request.cookies[STATE_COOKIE]);
      if ('refusal' in taken) return refuse(reply, taken.refusal ?? 'failed');
      const refused = (reason: string) =>
        // A verified launch that signs nobody in: the administrators see who tried, and why.
        recordAudit(app.db, {
          ...auditContext(request),
          action: 'lti_platforms.launch_refused',
          target: `lti-platforms/${taken.platformId}`,
          summary: {
            reason,
            subject: taken.launch.subject,
            exam_id: isDeepLink(taken.launch) ? null : taken.launch.examId,
          },
        });
      if (isDeepLink(taken.launch)) {
        // A teacher chooses the exam the course's activity opens; a learner cannot.
        if (!taken.launch.teacher) {
          await refused('not_teacher');
          return refuse(reply, 'not_teacher');
        }
        const token = await keepDeepLink(app.db, taken.platformId, taken.launch, app.clock.now());
        reply.setCookie(DEEP_LINK_COOKIE, token, { ...linkCookie, maxAge: 30 * 60 });
        // In the teacher's language at the platform: a frame may have no storage to remember ours.
        return reply.redirect(inLanguage(new URL(DEEP_LINK_PAGE.slice(1), base), taken.launch.language));
      }
      if (taken.launch.teacher && !taken.launch.learner) {
        // A course's teacher: signed in as the staff account they linked, to the exam's monitor.
        const { launch } = taken;
        const staff = await staffOf(app.db, taken.platformId, launch.subject, app.config.mfa.requiredRoles);
        const reason = !staff
          ? null
          : staff.is_student
            ? 'unknown_account'
            : !staff.is_active
              ? 'disabled'
              : !staff.has_role
                ? 'no_role'
                : null;
        if (reason) {
          await refused(reason);
          return refuse(reply, reason);
        }
        if (!staff) {
          // Not linked yet: they sign in here with their own account and confirm, once. Whoever was
          // signed in on this browser (a shared computer) is signed out first: never linked by mistake.
          await endBrowserSession(app, request, reply);
          const token = await keepAccountLink(app.db, taken.platformId, launch, app.clock.now());
          reply.setCookie(ACCOUNT_LINK_COOKIE, token, { ...accountCookie, maxAge: 10 * 60 });
          return reply.redirect(inLanguage(new URL(ACCOUNT_LINK_PAGE.slice(1), base), launch.language));
        }
        await app.db
          .updateTable('lti_identities')
          .set({ last_launch_at: new Date() })
          .where('platform_id', '=', taken.platformId)
          .where('subject', '=', launch.subject)
          .execute();
        // An account with a second factor signs in with it: the console asks, then opens the page
        // (whoever was signed in on this browser is signed out first).
        if (staff.second_factor) await endBrowserSession(app, request, reply);
        else await startSession(app, request, reply, { userId: staff.user_id });
        const landing = await teacherLanding(app.db, staff.user_id, launch.examId);
        return reply.redirect(inLanguage(new URL(landing.slice(1), base), launch.language));
      }
      try {
        const target = await launchTarget(app.db, taken.platformId, taken.launch);
        await startSession(app, request, reply, { userId: target.userId });
        return reply.redirect(inLanguage(new URL(`${MY_EXAMS}/${target.assignmentId}`, base), taken.launch.language));
      } catch (error) {
        if (!(error instanceof LaunchAccountRefused)) throw error;
        await refused(error.reason);
        return refuse(reply, error.reason);
      }
    },
  );
};
