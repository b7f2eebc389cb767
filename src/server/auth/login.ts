import type { Db } from '../db/database';
import { AppError } from '../http/app-error';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure, type ThrottlePolicy } from './login-throttle';
import { verifyAgainstDummy, verifyPassword } from './passwords';

/**
 * Checks credentials under the throttle. Returns the user id, or throws 401 "Invalid login details"
 * (the same for an unknown email, a wrong password and a disabled account) or 429.
 */
export async function authenticate(
  db: Db,
  policy: ThrottlePolicy,
  email: string,
  password: string,
  ip: string,
): Promise<number> {
  await assertLoginAllowed(db, policy, email, ip);
  const user = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'is_active'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
  const ok = user ? await verifyPassword(password, user.password_hash) : await verifyAgainstDummy(password);
  if (!user || !ok || !user.is_active) {
    await recordLoginFailure(db, policy, email, ip);
    throw new AppError(401, 'errors.invalid_login');
  }
  await clearLoginFailures(db, email);
  return user.id;
}
