import type { UserIdentity } from 'react-admin';
import type { CurrentUser } from '../../common/contracts';

/** The signed-in user as `GET /api/user` returns it (SPEC section 3, "Current user"). */
export type User = CurrentUser;

/** SPEC section 4: login stores the user locally under this key. */
export const USER_STORAGE_KEY = 'user';

export function readStoredUser(): User | null {
  try {
    const raw = window.localStorage.getItem(USER_STORAGE_KEY);
    if (!raw) return null;
    const user = JSON.parse(raw) as User;
    return user && typeof user === 'object' && Array.isArray(user.permissions) ? user : null;
  } catch {
    return null;
  }
}

export function storeUser(user: User): void {
  window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
}

/** Forgets the stored user alone (a student's, on the first page after the browser was closed). */
export function forgetStoredUser(): void {
  window.localStorage.removeItem(USER_STORAGE_KEY);
}

/** Logout clears the stored user and the whole session storage (platform caches live there). */
export function clearSession(): void {
  window.localStorage.removeItem(USER_STORAGE_KEY);
  window.sessionStorage.clear();
}

export function permissionsOf(user: User | null): string[] {
  return user ? user.permissions.map((entry) => entry.permission) : [];
}

export function roleNamesOf(user: User | null): string[] {
  return user ? user.roles.map((entry) => entry.role) : [];
}

/** What `getIdentity` resolves: react-admin's identity plus the user's email and roles. */
export interface ConsoleIdentity extends UserIdentity {
  id: number;
  fullName: string;
  email: string;
  roles: User['roles'];
}
