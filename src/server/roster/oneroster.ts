import type { RosterRow } from './roster-columns';
import { FORMULA_START } from '../../common/csv';
import { hasArabic } from '../../common/text-direction';
import { parseCsv, RosterFileRefused, type ReadProblems, type RosterFile, type SchoolYear } from './roster-file';
import { decodeText } from './text-encoding';

/**
 * OneRoster 1.2 CSV (bulk) to roster rows. Headers are case-sensitive, as the standard says.
 * A student is a user with a `student` role (roles.csv); their school is the role's org
 * (orgs.csv `name`), their class the title of their student enrollment's class, their grade the
 * `metadata.ltm.grade` column of users.csv or else the user's (or the class's) CEDS grade
 * (`KG`, `04`), read through the code an administrator set on each grade (failing one, `04` is a
 * grade without a code named "Grade 4"); the date of birth and sex come from demographics.csv.
 * What OneRoster has no field for travels in `metadata.ltm.*` columns of users.csv: `nameAr`,
 * `nationality`, `nationalId`, `level`, `extraTimePercent`; an Arabic name is also read from another
 * tool's `metadata.*` name column or from the preferred names, when written in Arabic (`arabicName`). The student number is the user's
 * `identifier`, or their `sourcedId` when it has none. Rows are numbered by their line in users.csv.
 * Every record's `status` is honoured: one to be deleted is read as absent. A user with roles but
 * none of a student (a teacher, an administrator, a parent) is a row left out, with their role, so
 * the dry run says who was not imported and why (issue 40).
 */
export function readOneRoster(entries: Map<string, Uint8Array>): Omit<RosterFile, 'format'> {
  const manifest = new Map(table(entries, 'manifest.csv', true).map((r) => [r.propertyName, r.value] as const));
  if (manifest.get('oneroster.version') !== '1.2') throw new RosterFileRefused('oneroster_version');
  for (const [property, value] of manifest)
    if (property.startsWith('file.') && value === 'delta') throw new RosterFileRefused('oneroster_delta');

  const active = (r: Record<string, string>) => r.status === undefined || r.status === '' || r.status === 'active';
  // A record whose status is `tobedeleted` is gone: never a student's school or class (issue 40).
  const orgs = byId(table(entries, 'orgs.csv').filter(active));
  const classes = byId(table(entries, 'classes.csv').filter(active));
  const demographics = byId(table(entries, 'demographics.csv', false));
  const roles = table(entries, 'roles.csv').filter(active);
  const studentRoles = new Map(roles.filter((r) => r.role === 'student').map((r) => [r.userSourcedId, r] as const));
  const otherRoles = new Map(roles.filter((r) => r.role !== 'student').map((r) => [r.userSourcedId, r.role] as const));
  // A student has an enrollment per class they attend: their class is the homeroom one, or their
  // only one; several and no homeroom leaves the class unknown (the row says so).
  const enrollments = new Map<string, Record<string, string>[]>();
  for (const r of table(entries, 'enrollments.csv').filter((e) => active(e) && e.role === 'student'))
    enrollments.set(r.userSourcedId, [...(enrollments.get(r.userSourcedId) ?? []), r]);
  const classOf = (userId: string) => {
    const attended = (enrollments.get(userId) ?? []).map((e) => classes.get(e.classSourcedId)).filter(Boolean);
    const homeroom = attended.filter((c) => c!.classType === 'homeroom');
    return homeroom.length === 1 ? homeroom[0] : attended.length === 1 ? attended[0] : undefined;
  };

  const rows: RosterRow[] = [];
  const problems: ReadProblems = new Map();
  table(entries, 'users.csv').forEach((user, index) => {
    const role = studentRoles.get(user.sourcedId);
    const row = index + 2;
    const other = otherRoles.get(user.sourcedId);
    if (!role && other && active(user)) {
      const name = [user.givenName, user.familyName].filter(Boolean).join(' ');
      rows.push({
        row,
        values: { student_number: user.identifier || user.sourcedId, name_en: name },
        skipped: other.slice(0, 40),
      });
      return;
    }
    if (!role) return;
    const klass = classOf(user.sourcedId);
    const school = orgs.get(role.orgSourcedId) ?? (klass ? orgs.get(klass.schoolSourcedId) : undefined);
    const born = demographics.get(user.sourcedId);
    // A class of several grades is kept apart per grade (a class is within one grade here): the
    // student's own grade says which; the row notes the span, or names it when the user has none.
    const classGrades = codes(klass?.grades);
    const ceds = codes(user.grades)[0] ?? (classGrades.length === 1 ? classGrades[0] : '');
    const namedGrade = user['metadata.ltm.grade'] ?? '';
    rows.push({
      row,
      ...(namedGrade || !ceds ? {} : { cedsGrade: true }),
      ...(classGrades.length > 1 ? { classGrades } : {}),
      // OneRoster cannot say "none" for these: a blank keeps what the student has.
      kept: ['date_of_birth', 'national_id', 'level'],
      values: {
        student_number: user.identifier || user.sourcedId,
        name_en: [user.givenName, user.middleName, user.familyName].filter(Boolean).join(' '),
        name_ar: arabicName(user),
        school: school?.name ?? '',
        class: klass?.title ?? '',
        grade: namedGrade || ceds,
        level: user['metadata.ltm.level'] ?? '',
        gender: born?.sex === 'male' || born?.sex === 'female' ? born.sex : (born?.sex ?? ''),
        nationality: user['metadata.ltm.nationality'] ?? '',
        date_of_birth: born?.birthDate ?? '',
        national_id: user['metadata.ltm.nationalId'] ?? '',
        active: active(user) && user.enabledUser !== 'false' ? 'yes' : 'no',
        extra_time_percent: user['metadata.ltm.extraTimePercent'] ?? '',
        extra_time_reason: user['metadata.ltm.extraTimeReason'] ?? '',
      },
    });
    // A value a spreadsheet would run as a formula is refused, as in a template file.
    const formulas = Object.entries(rows.at(-1)!.values).filter(([, value]) => FORMULA_START.test(value ?? ''));
    if (formulas.length > 0)
      problems.set(row, Object.fromEntries(formulas.map(([column]) => [column, ['roster.errors.formula']])));
  });
  return {
    rows,
    problems,
    encoding: decodeText(entries.get('users.csv')!).encoding,
    schoolYears: schoolYearsOf(table(entries, 'academicSessions.csv', false).filter(active), [...classes.values()]),
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The school years of the file (issue 40: academicSessions.csv was not read): those of the sessions
 * its classes name in `terms`, else every session of type `schoolYear`. OneRoster's `schoolYear` is
 * the year a school year ends in: 2026 is "2025-2026". Each with its first and last days, so that a
 * dry run can say the year of a file and warn when it has ended.
 */
function schoolYearsOf(sessions: Record<string, string>[], classes: Record<string, string>[]): SchoolYear[] {
  const named = new Set(classes.flatMap((c) => codes(c.termSourcedIds ?? c.terms)));
  const used = sessions.filter((s) => (named.size > 0 ? named.has(s.sourcedId) : s.type === 'schoolYear'));
  const years = new Map<string, SchoolYear>();
  for (const session of used) {
    const year = /^\d{4}$/.test(session.schoolYear ?? '') ? Number(session.schoolYear) : null;
    const title = year ? `${year - 1}-${year}` : (session.title ?? '').slice(0, 40);
    if (!title) continue;
    const start = DAY.test(session.startDate ?? '') ? session.startDate : '';
    const end = DAY.test(session.endDate ?? '') ? session.endDate : '';
    const known = years.get(title);
    years.set(title, {
      title,
      start: [known?.start, start].filter(Boolean).sort()[0] ?? '',
      end: [known?.end, end].filter(Boolean).sort().at(-1) ?? '',
    });
  }
  return [...years.values()].sort((a, b) => a.title.localeCompare(b.title));
}

/**
 * Another tool's metadata column named for the Arabic name (`metadata.nameAr`, `metadata.arabicName`,
 * `metadata.x.name_ar`): never any name column (a guardian's, a father's, a school's).
 */
const ARABIC_NAME_COLUMN = /^metadata\.(?:[^.]+\.)*(?:name_?ar|ar_?name|arabic_?name|name_?arabic)$/i;

/**
 * A user's Arabic name, where a file carries one (issue 40): our `metadata.ltm.nameAr`; else another
 * tool's metadata column named for the Arabic name (ARABIC_NAME_COLUMN), written in Arabic; else OneRoster 1.2's preferred names when they are written in Arabic (a
 * school that keeps the Latin name as the legal one). Empty when none is.
 */
function arabicName(user: Record<string, string>): string {
  const ours = user['metadata.ltm.nameAr'] ?? '';
  if (ours) return ours;
  const column = Object.keys(user).find((header) => ARABIC_NAME_COLUMN.test(header) && hasArabic(user[header]));
  if (column) return user[column].trim();
  const preferred = [user.preferredFirstName, user.preferredMiddleName, user.preferredLastName]
    .filter(Boolean)
    .join(' ');
  return hasArabic(preferred) ? preferred : '';
}

/** A OneRoster CSV as records by its (case-sensitive) headers; a required file must be there. */
function table(entries: Map<string, Uint8Array>, name: string, required = true): Record<string, string>[] {
  const bytes = entries.get(name);
  if (!bytes) {
    if (required) throw new RosterFileRefused('oneroster_missing_file', { file: name });
    return [];
  }
  const [header, ...body] = parseCsv(decodeText(bytes).text);
  if (!header) return [];
  return body.map((cells) => Object.fromEntries(header.map((h, i) => [h.trim(), (cells[i] ?? '').trim()])));
}

/** A OneRoster list of CEDS grade codes (`"04,05"`), without blanks. */
const codes = (list: string | undefined) =>
  (list ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean);

function byId(records: Record<string, string>[]): Map<string, Record<string, string>> {
  return new Map(records.map((r) => [r.sourcedId, r] as const));
}
