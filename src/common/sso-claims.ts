import { ROLES } from './permissions';

/** The staff roles a provider's claims may grant, by the short name a mapping line uses. */
export const MAPPABLE_ROLES: Record<string, string> = {
  admin: ROLES.admin,
  author: ROLES.author,
  corrector: ROLES.corrector,
  school: ROLES.school,
};

export interface RoleRule {
  /** A value of the role claim (a group's name or id). */
  value: string;
  role: string;
}

/**
 * A mapping's lines, one `claim value = target` a line; blank lines and lines starting with `#` are
 * skipped. `read` turns a line's target into its rule's part, or null when it cannot; the lines
 * that could not be read come back by number (1-based).
 */
function parseMapping<T>(
  text: string | null | undefined,
  read: (target: string) => T | null,
): { rules: (T & { value: string })[]; badLines: number[] } {
  const rules: (T & { value: string })[] = [];
  const badLines: number[] = [];
  (text ?? '').split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const at = line.lastIndexOf('=');
    const value = at > 0 ? line.slice(0, at).trim() : '';
    const part = at > 0 ? read(line.slice(at + 1).trim()) : null;
    if (!value || part === null) badLines.push(index + 1);
    else rules.push({ ...part, value });
  });
  return { rules, badLines };
}

/** A provider's role mapping, one `claim value = role` a line (`teachers = author`). */
export const parseRoleMap = (text: string | null | undefined): { rules: RoleRule[]; badLines: number[] } =>
  parseMapping(text, (target) => {
    const role = MAPPABLE_ROLES[target.toLowerCase()];
    return role ? { role } : null;
  });

export interface SchoolRule {
  /** A value of the school claim (a school's code or a group's id at the provider). */
  value: string;
  schoolId: number;
}

/** A provider's school mapping, one `claim value = school id` a line (`north-campus = 12`). */
export const parseSchoolMap = (text: string | null | undefined): { rules: SchoolRule[]; badLines: number[] } =>
  parseMapping(text, (target) =>
    /^[1-9]\d{0,9}$/.test(target) && Number(target) <= 2_147_483_647 ? { schoolId: Number(target) } : null,
  );

/** A claim's values as text: a string, or the strings of an array (groups); anything else, none. */
export function claimValues(claims: Record<string, unknown>, name: string | null | undefined): string[] {
  if (!name) return [];
  const value = claims[name];
  if (typeof value === 'string' || typeof value === 'number') return [String(value)];
  if (Array.isArray(value))
    return value.filter((v) => typeof v === 'string' || typeof v === 'number').map((v) => String(v));
  return [];
}

/** The roles the claims qualify for under the mapping (each once). */
export function mappedRoles(claims: Record<string, unknown>, roleClaim: string | null, rules: RoleRule[]): string[] {
  const values = new Set(claimValues(claims, roleClaim));
  return [...new Set(rules.filter((rule) => values.has(rule.value)).map((rule) => rule.role))];
}

/** The schools the claims qualify for under the mapping (each once). */
export function mappedSchools(
  claims: Record<string, unknown>,
  schoolClaim: string | null,
  rules: SchoolRule[],
): number[] {
  const values = new Set(claimValues(claims, schoolClaim));
  return [...new Set(rules.filter((rule) => values.has(rule.value)).map((rule) => rule.schoolId))];
}
