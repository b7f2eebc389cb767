import type { SecretsDb } from '../../secrets';
import { AppError } from '../../http/app-error';
import { recordAudit, type AuditContext } from '../../audit';
import { attemptSucceeded, reserveAttempt, type ThrottlePolicy } from '../login-throttle';
import { endChallenge, failChallenge, findChallenge } from './challenges';
import { checkSecondFactor, type SecondFactor } from './mfa-service';
import { recoveryCodesLeft } from './recovery-codes';

/**
 * Checks a second factor under the sign-in throttle, on the account's own second-factor budget
 * (`mfa:user:<id>`), never eased by a known browser: a password alone (or a stolen session, for
 * the account's own routes) must not earn a fresh budget per cookie. 429 when the budget is spent.
 */
export async function throttledSecondFactor(
  store: SecretsDb,
  policy: ThrottlePolicy,
  userId: number,
  ip: string,
  code: string,
): Promise<SecondFactor | null> {
  const { db } = store;
  const reservation = await reserveAttempt(db, policy, { target: `mfa:user:${userId}`, ip, knownBrowser: null });
  const factor = await checkSecondFactor(store, userId, code);
  if (factor) await attemptSucceeded(db, reservation);
  return factor;
}

/**
 * The second step of a sign-in: the code sent with the challenge a right password gave, throttled
 * (above); a challenge takes five wrong codes, then the password is asked again. Returns whom it signs in, and the browser it was started from.
 */
export async function answerChallenge(
  store: SecretsDb,
  policy: ThrottlePolicy,
  attempt: { challenge: string; code: string; ip: string; audit: AuditContext },
): Promise<{ userId: number; device: string | null }> {
  const { db } = store;
  const challenge = await findChallenge(db, attempt.challenge);
  if (!challenge) throw new AppError(401, 'mfa.errors.challenge_expired');
  const userId = challenge.user_id;
  const factor = await throttledSecondFactor(store, policy, userId, attempt.ip, attempt.code);
  if (!factor) {
    await failChallenge(db, challenge.id_hash);
    throw new AppError(401, 'mfa.errors.wrong_code');
  }
  // Answered twice at once: one of them signs in.
  if (!(await endChallenge(db, challenge.id_hash))) throw new AppError(401, 'mfa.errors.challenge_expired');
  if (factor === 'recovery_code')
    await recordAudit(db, {
      ...attempt.audit,
      actorId: userId,
      action: 'users.mfa_recovery_code_used',
      target: `users/${userId}`,
      summary: { left: await recoveryCodesLeft(db, userId) },
    });
  return { userId, device: challenge.device };
}
