import { sql } from 'kysely';
import QRCode from 'qrcode';
import type { Db } from '../../db/database';
import type { SecretsDb } from '../../secrets';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth-context';
import { recordAudit, type AuditContext } from '../../audit';
import { endUserSessions, isStudentAccount } from '../sessions';
import { looksLikeRecoveryCode, recoveryCodesLeft, replaceRecoveryCodes, spendRecoveryCode } from './recovery-codes';
import { acceptedStep, newTotpSecret, otpauthUrl } from './totp';

/** How a second factor was given. */
export type SecondFactor = 'totp' | 'recovery_code';
/** Checks the code the request came with (throttled by the caller: sign-in-step.ts). */
export type CodeCheck = () => Promise<SecondFactor | null>;

const wrongCode = () => new AppError(422, 'errors.invalid_input', undefined, { code: ['mfa.errors.wrong_code'] });

async function mfaRow(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'username', 'mfa_secret', 'mfa_pending_secret', 'mfa_enabled_at', 'mfa_last_step'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** What the account's own page shows: whether it has a second factor, must have one, and its codes left. */
export async function mfaStatus(db: Db, auth: AuthContext) {
  const row = await mfaRow(db, auth.user.id);
  const enabled = Boolean(row?.mfa_enabled_at);
  return {
    enabled,
    required: auth.mfa.required,
    enabled_at: row?.mfa_enabled_at ? new Date(row.mfa_enabled_at).toISOString() : null,
    recovery_codes_left: enabled ? await recoveryCodesLeft(db, auth.user.id) : 0,
  };
}

/**
 * Starts enrolment: a new secret, kept aside until a first code confirms it, as a QR code (SVG) and
 * as text for the app's manual entry. Staff accounts only; refused while one is enabled.
 */
export async function startEnrolment({ db, secrets }: SecretsDb, auth: AuthContext, issuer: string) {
  if (await isStudentAccount(db, auth.user.id)) throw new AppError(418, 'mfa.errors.staff_only');
  const row = await mfaRow(db, auth.user.id);
  if (row?.mfa_enabled_at) throw new AppError(418, 'mfa.errors.already_enabled');
  const secret = newTotpSecret();
  await db
    .updateTable('users')
    .set({ mfa_pending_secret: secrets.seal(secret, 'totp') })
    .where('id', '=', auth.user.id)
    .execute();
  const url = otpauthUrl(secret, auth.user.email ?? auth.user.username ?? String(auth.user.id), issuer);
  const qrSvg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauth_url: url, qr_svg: qrSvg };
}

/**
 * Confirms enrolment with a first code from the app: the second factor is on, the account's other
 * sessions end (they were opened with a password alone) and ten recovery codes are returned, once.
 */
export async function confirmEnrolment(
  { db, secrets }: SecretsDb,
  auth: AuthContext,
  code: string,
  audit: AuditContext,
) {
  const row = await mfaRow(db, auth.user.id);
  if (row?.mfa_enabled_at) throw new AppError(418, 'mfa.errors.already_enabled');
  if (!row?.mfa_pending_secret) throw new AppError(418, 'mfa.errors.no_enrolment');
  const step = acceptedStep(secrets.open(row.mfa_pending_secret, 'totp'), code, Date.now(), null);
  if (step === null) throw wrongCode();
  // Kept as stored: the pending secret and the enabled one are sealed for the same purpose.
  const secret = row.mfa_pending_secret;
  const codes = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ mfa_secret: secret, mfa_pending_secret: null, mfa_enabled_at: new Date(), mfa_last_step: step })
      .where('id', '=', auth.user.id)
      .execute();
    await recordAudit(trx, { ...audit, action: 'users.mfa_enable', target: `users/${auth.user.id}`, summary: {} });
    return replaceRecoveryCodes(trx, auth.user.id);
  });
  await endUserSessions(db, auth.user.id, auth.sessionHash);
  return codes;
}

/**
 * Checks a second factor: the app's code (a step not taken before, claimed atomically, so one code
 * signs in once) or an unspent recovery code (spent by this). Null when neither.
 */
export async function checkSecondFactor(
  { db, secrets }: SecretsDb,
  userId: number,
  typed: string,
): Promise<SecondFactor | null> {
  const row = await mfaRow(db, userId);
  if (!row?.mfa_secret || !row.mfa_enabled_at) return null;
  if (looksLikeRecoveryCode(typed)) return (await spendRecoveryCode(db, userId, typed)) ? 'recovery_code' : null;
  const step = acceptedStep(secrets.open(row.mfa_secret, 'totp'), typed, Date.now(), row.mfa_last_step);
  if (step === null) return null;
  const { rows } = await sql<{ id: number }>`
    update users set mfa_last_step = ${step}
    where id = ${userId} and (mfa_last_step is null or mfa_last_step < ${step})
    returning id`.execute(db);
  return rows.length > 0 ? 'totp' : null;
}

/** Whether an account has its second factor on (a right password then waits for a code). */
export async function hasSecondFactor(db: Db, userId: number): Promise<boolean> {
  const row = await mfaRow(db, userId);
  return Boolean(row?.mfa_enabled_at && row.mfa_secret);
}

const cleared = { mfa_secret: null, mfa_pending_secret: null, mfa_enabled_at: null, mfa_last_step: null } as const;

async function clearSecondFactor(trx: Db, userId: number) {
  await trx.updateTable('users').set(cleared).where('id', '=', userId).execute();
  await trx.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('mfa_challenges').where('user_id', '=', userId).execute();
}

/** Turns one's own second factor off with a code; refused while a role requires it. */
export async function disableOwn(db: Db, auth: AuthContext, check: CodeCheck, audit: AuditContext): Promise<void> {
  if (auth.mfa.required) throw new AppError(418, 'mfa.errors.required_for_role');
  if (!(await hasSecondFactor(db, auth.user.id))) throw new AppError(418, 'mfa.errors.not_enabled');
  if (!(await check())) throw wrongCode();
  await db.transaction().execute(async (trx) => {
    await clearSecondFactor(trx, auth.user.id);
    await recordAudit(trx, { ...audit, action: 'users.mfa_disable', target: `users/${auth.user.id}`, summary: {} });
  });
}

/** New recovery codes for a code from the app (or an unspent recovery code); the old ones stop working. */
export async function renewRecoveryCodes(db: Db, auth: AuthContext, check: CodeCheck, audit: AuditContext) {
  if (!(await hasSecondFactor(db, auth.user.id))) throw new AppError(418, 'mfa.errors.not_enabled');
  if (!(await check())) throw wrongCode();
  return db.transaction().execute(async (trx) => {
    await recordAudit(trx, {
      ...audit,
      action: 'users.mfa_recovery_codes',
      target: `users/${auth.user.id}`,
      summary: {},
    });
    return replaceRecoveryCodes(trx, auth.user.id);
  });
}

/**
 * Another administrator's reset (a lost phone): the second factor and its codes are gone, the
 * account's sessions end, and the next sign-in asks to set one up again where a role requires it.
 * One's own is refused: that would let a stolen session drop the factor.
 */
export async function resetSecondFactor(
  db: Db,
  actorId: number,
  userId: number,
  reason: string | undefined,
  audit: AuditContext,
): Promise<void> {
  if (actorId === userId) throw new AppError(418, 'mfa.errors.reset_own');
  const row = await mfaRow(db, userId);
  if (!row) throw new AppError(404, 'errors.not_found');
  if (!row.mfa_enabled_at && !row.mfa_pending_secret) throw new AppError(418, 'mfa.errors.not_enabled');
  await db.transaction().execute(async (trx) => {
    await clearSecondFactor(trx, userId);
    await recordAudit(trx, {
      ...audit,
      action: 'users.mfa_reset',
      target: `users/${userId}`,
      summary: {},
      reason: reason ?? null,
    });
  });
  await endUserSessions(db, userId);
}
