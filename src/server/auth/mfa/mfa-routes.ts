import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../common/ids';
import { AREAS } from '../../../common/permission-catalog';
import { permissionFor } from '../../../common/permissions';
import { whenMissing } from '../../../common/validation';
import { auditContext } from '../../audit';
import { translate } from '../../http/i18n';
import { requirePermission } from '../../http/route-access';
import {
  confirmEnrolment,
  disableOwn,
  mfaStatus,
  renewRecoveryCodes,
  resetSecondFactor,
  startEnrolment,
} from './mfa-service';
import { throttledSecondFactor } from './sign-in-step';

const tags = ['profile'];
const codeBody = z.strictObject({
  code: z
    .string({ error: whenMissing('mfa.errors.code_required') })
    .trim()
    .min(1, { error: 'mfa.errors.code_required' })
    .max(20),
});
const status = z.strictObject({
  data: z.strictObject({
    enabled: z.boolean(),
    required: z.boolean(),
    enabled_at: z.string().nullable(),
    recovery_codes_left: z.number(),
  }),
});
const done = { 200: z.strictObject({ message: z.string() }) };
const recoveryCodes = z.strictObject({
  message: z.string(),
  data: z.strictObject({ recovery_codes: z.array(z.string()) }),
});

/**
 * A staff account's second factor (issue 46): its status, enrolment (a secret, then a first code),
 * new recovery codes and turning it off, for the account itself; and another administrator's reset.
 * The account's own routes answer before a required factor is set up (`mfaEnrolment`).
 */
export const mfaRoutes: FastifyPluginAsyncZod = async (app) => {
  const own = { access: 'authenticated', mfaEnrolment: true } as const;
  const checkOf = (userId: number, ip: string, code: string) => () =>
    throttledSecondFactor(app, app.config.loginThrottle, userId, ip, code);

  app.get(
    '/account/mfa',
    {
      config: own,
      schema: {
        tags,
        summary: "The signed-in account's second factor: on, required, recovery codes left",
        response: { 200: status },
      },
    },
    async (request) => ({ data: await mfaStatus(app.db, request.auth!) }),
  );

  app.post(
    '/account/mfa/setup',
    {
      config: own,
      schema: {
        tags,
        summary:
          'Start setting up an authenticator app: a new secret (as text, an otpauth:// address and a QR code in SVG), kept until a first code confirms it; staff only (418 for a student, or when one is on)',
        response: {
          200: z.strictObject({
            data: z.strictObject({ secret: z.string(), otpauth_url: z.string(), qr_svg: z.string() }),
          }),
        },
      },
    },
    async (request) => ({ data: await startEnrolment(app, request.auth!, app.config.mfa.issuer) }),
  );

  app.post(
    '/account/mfa/enable',
    {
      config: own,
      schema: {
        tags,
        summary:
          "Confirm the app with its first code (422 when wrong): the second factor is on, the account's other sessions end, and ten recovery codes are returned, once",
        body: codeBody,
        response: { 200: recoveryCodes },
      },
    },
    async (request) => {
      const codes = await confirmEnrolment(app, request.auth!, request.body.code, auditContext(request));
      return { message: translate(request.lang, 'mfa.enabled'), data: { recovery_codes: codes } };
    },
  );

  app.post(
    '/account/mfa/recovery-codes',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'New recovery codes for a code from the app (throttled as sign-in); the old ones stop working',
        body: codeBody,
        response: { 200: recoveryCodes },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const check = checkOf(auth.user.id, request.ip, request.body.code);
      const codes = await renewRecoveryCodes(app.db, auth, check, auditContext(request));
      return { message: translate(request.lang, 'mfa.codes_renewed'), data: { recovery_codes: codes } };
    },
  );

  app.post(
    '/account/mfa/disable',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Turn the second factor off with a code (throttled as sign-in); 418 while a role requires it',
        body: codeBody,
        response: done,
      },
    },
    async (request) => {
      const auth = request.auth!;
      await disableOwn(app.db, auth, checkOf(auth.user.id, request.ip, request.body.code), auditContext(request));
      return { message: translate(request.lang, 'mfa.disabled') };
    },
  );

  app.post(
    '/users/:id/mfa/reset',
    {
      config: { access: requirePermission(permissionFor(AREAS.users, 'edit')) },
      schema: {
        tags: ['users'],
        summary:
          "Another administrator's reset of a user's second factor (a lost phone): it and its recovery codes are gone, the user's sessions end; audited (users.mfa_reset); 418 for one's own",
        params: z.object({ id: idParam() }),
        body: z.strictObject({ reason: z.string().trim().max(500).optional() }),
        response: done,
      },
    },
    async (request) => {
      const auth = request.auth!;
      await resetSecondFactor(app.db, auth.user.id, request.params.id, request.body.reason, auditContext(request));
      return { message: translate(request.lang, 'mfa.reset_done') };
    },
  );
};
