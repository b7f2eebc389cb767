import type { Db } from '../db/database';
import { AppError } from '../http/app-error';
import { knownBrowser, rememberBrowser } from './login-devices';
import { attemptSucceeded, attemptTarget, reserveAttempt, type ThrottlePolicy } from './login-throttle';
import { verifyAgainstDummy, verifyPassword } from './passwords';

export interface Credentials {
  email: string;
  password: string;
  /** The client address (as TRUST_PROXY allows it to be read). */
  ip: string;
  /** The browser's device cookie, if it sent one. */
  device?: string;
}

/**
 * Checks credentials under the throttle: the attempt is reserved before the password is checked
 * (429 when a limit is reached), so parallel attempts cannot outrun it. Returns the user id, or
 * throws 401 "Invalid login details" (the same for an unknown email, a wrong password and a
 * disabled account). The sign-in is not complete yet: `completeSignIn` ends it, at once or after
 * the second factor.
 */
export async function authenticate(db: Db, policy: ThrottlePolicy, credentials: Credentials): Promise<number> {
  const { email, password, ip } = credentials;
  const user = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'is_active'])
    .where((eb) => {
      // A staff member signs in with their e-mail, a student with their username (no e-mail).
      const login = email.trim().toLowerCase();
      return eb.or([eb(eb.fn('lower', ['email']), '=', login), eb(eb.fn('lower', ['username']), '=', login)]);
    })
    .executeTakeFirst();
  const browser = await knownBrowser(db, user?.id ?? null, credentials.device);
  // Counted by account, not by the name typed: a student's e-mail and username share one budget.
  const target = attemptTarget(user?.id ?? null, email);
  const reservation = await reserveAttempt(db, policy, { target, ip, knownBrowser: browser });
  const ok = user ? await verifyPassword(password, user.password_hash) : await verifyAgainstDummy(password);
  if (!user || !ok || !user.is_active) throw new AppError(401, 'errors.invalid_login');
  await attemptSucceeded(db, reservation);
  return user.id;
}

/**
 * A sign-in that passed every check: the account's last sign-in is now, and the browser is known
 * to it from now on (its own attempts are throttled apart). Returns the device token to set.
 */
export async function completeSignIn(db: Db, userId: number, device: string | null | undefined): Promise<string> {
  await db.updateTable('users').set({ last_login_at: new Date() }).where('id', '=', userId).execute();
  return rememberBrowser(db, userId, device ?? undefined);
}
