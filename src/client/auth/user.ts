import type { CurrentUser } from '../../common/contracts';
import { isStudentHome } from './access';
import { localStore, sessionStore } from '../safeStorage';
import { SIGNED_IN_COOKIE } from '../../common/session-hint';

/** The signed-in user as `GET /api/user` returns it (SPEC section 3, "Current user"). */
export type User = CurrentUser;

/** SPEC section 4: login stores the user locally under this key. */
export const USER_STORAGE_KEY = 'user';
/** The whole user, for this tab's session only (issue 39: see `storeUser`). */
const SESSION_USER_KEY = 'ltm-user';

function parseUser(raw: string | null): User | null {
  try {
    if (!raw) return null;
    const user = JSON.parse(raw) as User;
    return user && typeof user === 'object' && Array.isArray(user.permissions) ? user : null;
  } catch {
    return null;
  }
}

/**
 * The signed-in user: this tab's whole copy while it is the same account as the one kept for the
 * browser (another tab may have signed someone else in since), else the kept one.
 */
export function readStoredUser(): User | null {
  const kept = parseUser(localStore().getItem(USER_STORAGE_KEY));
  const whole = parseUser(sessionStore().getItem(SESSION_USER_KEY));
  return kept && whole?.id === kept.id ? whole : kept;
}

/**
 * Kept for the browser: a student's account without their name, e-mail or username, so a school
 * computer closed without signing out names no pupil (issue 39). The whole user is kept for the
 * tab's session, which the browser's closing ends.
 */
export function storeUser(user: User): void {
  const atRest = isStudentHome(permissionsOf(user)) ? { ...user, name: '', email: null, username: null } : user;
  localStore().setItem(USER_STORAGE_KEY, JSON.stringify(atRest));
  sessionStore().setItem(SESSION_USER_KEY, JSON.stringify(user));
}

/** Forgets the stored user alone (a student's, on the first page after the browser was closed). */
export function forgetStoredUser(): void {
  localStore().removeItem(USER_STORAGE_KEY);
  sessionStore().removeItem(SESSION_USER_KEY);
}

/**
 * Who the server last signed in on this browser (its readable cookie holds their id), or null: a
 * sign-in through single sign-on or an LTI launch ends in a redirect, not in `login`, and stores
 * no user here.
 */
export function signedInHint(): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SIGNED_IN_COOKIE && value) return value;
  }
  return null;
}

/** The server signed someone in on this browser whom this page has not stored (or someone else is stored). */
export const signedInElsewhere = (): boolean => {
  const hint = signedInHint();
  return hint !== null && String(readStoredUser()?.id) !== hint;
};

/** Logout clears the stored user, the server's hint and the whole session storage (platform caches live there). */
export function clearSession(): void {
  localStore().removeItem(USER_STORAGE_KEY);
  sessionStore().clear();
  document.cookie = `${SIGNED_IN_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
}

export function permissionsOf(user: User | null): string[] {
  return user ? user.permissions.map((entry) => entry.permission) : [];
}

export function roleNamesOf(user: User | null): string[] {
  return user ? user.roles.map((entry) => entry.role) : [];
}
