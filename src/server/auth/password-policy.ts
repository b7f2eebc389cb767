import { createRequire } from 'node:module';
import { ROLES } from '../../common/permissions';
import { invalid } from '../http/app-error';

/**
 * The common-password list: 49,233 passwords most often found in breaches, shipped by
 * `@zxcvbn-ts/language-common` (MIT). ASVS 5.0 6.2.4 asks for at least the top 3,000 that fit the
 * password rules; about 5,000 of these do (8 characters or more, a letter and a digit). Loaded on
 * first use, kept lowercase.
 */
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  if (!common) {
    const list = createRequire(import.meta.url)('@zxcvbn-ts/language-common/src/passwords.json') as string[];
    common = new Set(list.map((password) => password.toLowerCase()));
  }
  return common;
}

/** How many passwords the list holds (ASVS asks for at least 10,000 to be checked against). */
export const commonPasswordCount = (): number => commonPasswords().size;

/** Whether `password` is on the list, whatever its letter case (`Password1` is `password1`). */
export const isCommonPassword = (password: string): boolean =>
  commonPasswords().has(password.normalize('NFKC').toLowerCase());

/** Staff: any account that is not a student's alone (an account with no role yet counts as staff). */
export const isStaffAccount = (roles: readonly string[]): boolean =>
  roles.length === 0 || roles.some((role) => role !== ROLES.student);

/**
 * Refuses a common password for a staff account (422 on `password`, in the request's language).
 * Students, who may be young children given simple passwords by their school, are not held to it.
 */
export function assertPasswordAllowed(password: string, roles: readonly string[]): void {
  if (isStaffAccount(roles) && isCommonPassword(password)) throw invalid({ password: ['validation.password_common'] });
}
