import { sql } from 'kysely';
import { isCalendarDate, isCountryCode } from '../../common/resource-validation';
import { STUDENT_NUMBER } from '../../common/student-number';
import { studentValues } from './student-values';
import type { SchoolScope } from '../auth';
import type { Db } from '../db/database';
import { genderOf, yesNoOf, type RosterColumn, type RosterRow } from './roster-columns';
import type { ReadProblems } from './roster-file';
import { ROSTER_COLUMNS } from './roster-columns';
import { accommodationOf, plannedAccommodation } from './accommodations';
import { NewClasses, type NewClass } from './roster-new-classes';

/** A problem of a row: a catalog key and its parameters, translated when it is shown. */
export interface RowProblem {
  key: string;
  params?: Record<string, string | number>;
}

/** The stored values of a student, as an import writes them. */
export interface StudentValues {
  student_number: string;
  name_en: string;
  /** Empty when the file did not give it (the student is then incomplete). */
  name_ar: string;
  school_id: number;
  school_class_id: number;
  grade_id: number;
  level_id: number | null;
  gender: 'male' | 'female' | null;
  nationality: string | null;
  date_of_birth: string | null;
  national_id: string | null;
  is_active: boolean;
  extra_time_percent: number;
  extra_time_reason: string | null;
}

export type RowStatus = 'create' | 'update' | 'unchanged' | 'error' | 'skipped';

export interface PlannedRow {
  row: number;
  status: RowStatus;
  errors: Partial<Record<RosterColumn, RowProblem[]>>;
  /** What the row leaves out that a student should have: imported all the same, as incomplete. */
  warnings?: Partial<Record<RosterColumn, RowProblem[]>>;
  values?: StudentValues;
  /** The new class (its key in `RosterPlan.newClasses`) the student joins, made by the import. */
  newClass?: string;
  /** The student an update or unchanged row matched. */
  studentId?: number;
}

export interface RosterPlan {
  rows: PlannedRow[];
  /** Classes the file names that the import makes (asked for with `createClasses`). */
  newClasses: NewClass[];
  /**
   * `incomplete`: rows imported (or to be) without a value a student should have; `skipped`: people
   * of the file who are not students (OneRoster's teachers), left out.
   */
  summary: Record<'create' | 'update' | 'unchanged' | 'errors' | 'incomplete' | 'skipped' | 'new_classes', number>;
  /** The OneRoster (CEDS) grade codes the file used and the grade each was read as (issue 40). */
  gradeCodes: GradeCode[];
}

export interface GradeCode {
  code: string;
  name_en: string;
  name_ar: string;
}

interface Named {
  id: number;
  name_en: string;
  name_ar: string;
}

/** The stored value of a column a file may leave out and the student keep (`RosterRow.kept`). */
const STORED = { date_of_birth: 'date_of_birth', national_id: 'national_id', level: 'level_id' } as const;

/** What a student should have and a file may leave out (a warning, not an error). */
const WANTED = ROSTER_COLUMNS.filter((column) => 'wanted' in column).map((column) => column.key);

const key = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** Records by either of their names (and by their id when `byId`: schools), several when names repeat. */
function index<T extends Named>(records: T[], byId = false): Map<string, T[]> {
  const found = new Map<string, T[]>();
  for (const record of records)
    for (const name of new Set([key(record.name_en), key(record.name_ar), ...(byId ? [String(record.id)] : [])]))
      found.set(name, [...(found.get(name) ?? []), record]);
  return found;
}

/**
 * The dry run of an import: each row checked (every problem by column) and compared with the
 * student its number matches, in one pass over lookups read once. Changes nothing. A school's
 * staff may name only their own schools, and may not take a number another school's student holds.
 */
export async function planRoster(
  db: Db,
  rows: RosterRow[],
  readProblems: ReadProblems,
  scope: SchoolScope,
  /** Whether the importer may give or change extra time (the accommodation permission). */
  mayAccommodate: boolean,
  /** Whether a class the file names in one of the importer's schools, and that it lacks, is made. */
  createClasses = false,
): Promise<RosterPlan> {
  const newClasses = new NewClasses();
  const schools = (await db.selectFrom('schools').select(['id', 'name_en', 'name_ar']).execute()).filter(
    (s) => scope.all || scope.ids.includes(s.id),
  );
  const grades = await db.selectFrom('grades').select(['id', 'name_en', 'name_ar', 'ceds_code']).execute();
  const levels = await db.selectFrom('levels').select(['id', 'name_en', 'name_ar']).execute();
  const classes = await db
    .selectFrom('school_classes')
    .select(['id', 'name_en', 'name_ar', 'school_id', 'grade_id'])
    .execute();
  const numbers = [...new Set(rows.map((r) => (r.values.student_number ?? '').toLowerCase()).filter(Boolean))];
  const existing = new Map<string, Record<string, unknown> & { id: number; school_id: number }>();
  for (let i = 0; i < numbers.length; i += 5000) {
    const chunk = numbers.slice(i, i + 5000);
    const found = await db
      .selectFrom('students')
      .select('id')
      .select(studentValues)
      .where(sql<boolean>`lower(student_number) in (${sql.join(chunk)})`)
      .execute();
    for (const student of found) existing.set(student.student_number.toLowerCase(), student);
  }

  const schoolsByName = index(schools, true);
  const gradesByName = index(grades);
  const levelsByName = index(levels);
  const classesBySchool = new Map<number, Map<string, typeof classes>>();
  for (const school of schools) classesBySchool.set(school.id, index(classes.filter((c) => c.school_id === school.id)));
  const repeated = new Map<string, number[]>();
  for (const row of rows) {
    if (row.skipped !== undefined) continue;
    const number = (row.values.student_number ?? '').toLowerCase();
    if (number) repeated.set(number, [...(repeated.get(number) ?? []), row.row]);
  }

  const gradeCodes = new Map<string, GradeCode>();
  const planned = rows.map((source): PlannedRow => {
    if (source.skipped !== undefined)
      return {
        row: source.row,
        status: 'skipped',
        errors: {},
        warnings: { student_number: [{ key: 'roster.warnings.not_a_student', params: { role: source.skipped } }] },
      };
    const errors: PlannedRow['errors'] = {};
    const add = (column: RosterColumn, problem: RowProblem) => (errors[column] = [...(errors[column] ?? []), problem]);
    for (const [column, keys] of Object.entries(readProblems.get(source.row) ?? {}))
      for (const k of keys ?? []) add(column as RosterColumn, { key: k });
    const v = (column: RosterColumn) => (source.values[column] ?? '').trim();
    // A OneRoster class of several grades: the student's own grade places them; without one, the
    // row says which grades the class spans (issue 40).
    const spans = source.classGrades && { value: v('class'), grades: source.classGrades.join(', ') };
    if (spans && !v('grade')) add('grade', { key: 'roster.errors.grade_of_mixed_class', params: spans });
    // A student whose own grade is none of the class's is not placed in a class the file does not describe.
    else if (
      spans &&
      source.cedsGrade &&
      !source.classGrades!.some((code) => code.toLowerCase() === v('grade').toLowerCase())
    )
      add('grade', { key: 'roster.errors.grade_not_in_class', params: { ...spans, grade: v('grade') } });
    for (const column of ROSTER_COLUMNS)
      if (
        column.required &&
        !v(column.key) &&
        !errors[column.key] &&
        !(column.key === 'school' && schools.length === 1)
      )
        add(column.key, { key: 'roster.errors.required' });
    const warnings: PlannedRow['warnings'] = {};
    for (const column of ROSTER_COLUMNS)
      if ('wanted' in column && !v(column.key)) warnings[column.key] = [{ key: 'roster.warnings.missing' }];

    const number = v('student_number');
    if (number && !STUDENT_NUMBER.test(number)) add('student_number', { key: 'roster.errors.student_number_format' });
    const others = (repeated.get(number.toLowerCase()) ?? []).filter((r) => r !== source.row);
    if (number && others.length > 0)
      add('student_number', { key: 'roster.errors.duplicate_in_file', params: { rows: others.join(', ') } });
    for (const column of ['name_en', 'name_ar'] as const)
      if (v(column).length > 255) add(column, { key: 'roster.errors.too_long', params: { max: 255 } });

    const one = <T>(found: T[] | undefined, column: RosterColumn): T | undefined => {
      if (!v(column)) return undefined;
      if (!found || found.length === 0)
        add(column, { key: `roster.errors.unknown_${column}`, params: { value: v(column) } });
      else if (found.length > 1) add(column, { key: 'roster.errors.ambiguous', params: { value: v(column) } });
      return found?.length === 1 ? found[0] : undefined;
    };
    const school = v('school')
      ? one(schoolsByName.get(key(v('school'))), 'school')
      : schools.length === 1
        ? schools[0]
        : undefined;
    // A grade named alike on two platforms is the one of the class the row names, when that settles it.
    const namedGrades = source.cedsGrade ? gradesOfCode(grades, v('grade')) : gradesByName.get(key(v('grade')));
    const classGrades = new Set(
      (school ? (classesBySchool.get(school.id)?.get(key(v('class'))) ?? []) : []).map((c) => c.grade_id),
    );
    const settled = namedGrades?.filter((g) => classGrades.has(g.id));
    // A file's CEDS code no grade is set to: said as such (the administrator sets it once on the grade).
    if (source.cedsGrade && v('grade') && namedGrades?.length === 0)
      add('grade', { key: 'roster.errors.unknown_ceds_grade', params: { value: v('grade') } });
    const grade =
      source.cedsGrade && namedGrades?.length === 0
        ? undefined
        : one(settled?.length === 1 ? settled : namedGrades, 'grade');
    if (source.cedsGrade && grade)
      gradeCodes.set(v('grade').toUpperCase(), {
        code: v('grade').toUpperCase(),
        name_en: grade.name_en,
        name_ar: grade.name_ar,
      });
    const level = one(levelsByName.get(key(v('level'))), 'level');
    // A class by name within the school, and of the row's grade when two grades have a "Class A".
    const named = school ? classesBySchool.get(school.id)?.get(key(v('class'))) : undefined;
    const ofGrade = grade ? named?.filter((c) => c.grade_id === grade.id) : undefined;
    if (createClasses && v('class').length > 255) add('class', { key: 'roster.errors.too_long', params: { max: 255 } });
    // A class the school lacks: made by the import when the importer asked (issue 40). One of that
    // name in another grade stays "a class of another grade", never a second class of the name,
    // except for a file's class that spans grades: one class of its name per grade.
    const newClass =
      createClasses && school && grade && v('class') && !(spans ? ofGrade : named)?.length && !errors.class
        ? newClasses.plan(school.id, grade.id, v('class'))
        : undefined;
    warnings.class = [
      ...(spans ? [{ key: 'roster.warnings.class_spans_grades', params: spans }] : []),
      ...(newClass ? [{ key: 'roster.warnings.class_created', params: { value: v('class') } }] : []),
    ];
    if (warnings.class.length === 0) delete warnings.class;
    // A class already refused (too long to make, a formula) is not looked for too, nor one of
    // several grades before the row's grade is known.
    const klass =
      school && v('class') && !newClass && !errors.class && !(spans && !grade)
        ? one(ofGrade?.length ? ofGrade : named, 'class')
        : undefined;
    if (klass && grade && klass.grade_id !== grade.id)
      add('class', { key: 'roster.errors.class_of_other_grade', params: { value: v('class') } });

    const gender = v('gender') ? genderOf(v('gender')) : undefined;
    if (v('gender') && !gender) add('gender', { key: 'roster.errors.invalid_gender', params: { value: v('gender') } });
    const nationality = v('nationality').toUpperCase();
    if (nationality && !isCountryCode(nationality))
      add('nationality', { key: 'roster.errors.invalid_nationality', params: { value: v('nationality') } });
    const born = dateOf(v('date_of_birth'));
    if (v('date_of_birth') && !born)
      add('date_of_birth', { key: 'roster.errors.invalid_date', params: { value: v('date_of_birth') } });
    if (v('national_id').length > 40) add('national_id', { key: 'roster.errors.too_long', params: { max: 40 } });
    const active = v('active') ? yesNoOf(v('active')) : true;
    if (active === undefined) add('active', { key: 'roster.errors.invalid_yes_no', params: { value: v('active') } });
    const extra = v('extra_time_percent') ? Number(v('extra_time_percent')) : 0;
    if (!Number.isInteger(extra) || extra < 0 || extra > 100)
      add('extra_time_percent', { key: 'roster.errors.invalid_extra_time' });

    const match = existing.get(number.toLowerCase());
    const theirs = match && (scope.all || scope.ids.includes(match.school_id));
    if (match && !theirs) add('student_number', { key: 'roster.errors.number_unusable' });
    const accommodation = plannedAccommodation(
      errors.extra_time_percent ? '' : v('extra_time_percent'),
      v('extra_time_reason'),
      theirs ? accommodationOf(match) : undefined,
      mayAccommodate,
    );
    for (const problem of accommodation.problems) add(problem.column, problem);
    if (Object.keys(errors).length > 0 || !school || !grade || !(klass || newClass))
      return { row: source.row, status: 'error', errors };

    const values: StudentValues = {
      student_number: number,
      name_en: v('name_en'),
      name_ar: v('name_ar'),
      school_id: school.id,
      // A new class's id is known once the import makes it.
      school_class_id: klass?.id ?? 0,
      grade_id: grade.id,
      level_id: level?.id ?? null,
      gender: gender ?? null,
      nationality: nationality || null,
      date_of_birth: born,
      national_id: v('national_id') || null,
      is_active: active!,
      extra_time_percent: accommodation.extra_time_percent,
      extra_time_reason: accommodation.extra_time_reason,
    };
    // A value the file leaves out is not erased: the student keeps what they have (issue 40), and
    // so for what a OneRoster file has no place for (`kept`: its date of birth, level, national id).
    if (theirs) {
      for (const column of ['name_ar', 'gender', 'nationality'] as const)
        if (!v(column) && match[column]) {
          Object.assign(values, { [column]: match[column] });
          delete warnings[column];
        }
      for (const column of source.kept ?? [])
        if (!v(column)) Object.assign(values, { [STORED[column]]: match[STORED[column]] });
    }
    const found = {
      errors,
      ...(Object.keys(warnings).length > 0 ? { warnings } : {}),
      ...(newClass ? { newClass } : {}),
    };
    if (!match) return { row: source.row, status: 'create', ...found, values };
    const same = (Object.keys(values) as (keyof StudentValues)[]).every((k) => match[k] === values[k]);
    return { row: source.row, status: same ? 'unchanged' : 'update', ...found, values, studentId: match.id };
  });

  const count = (status: RowStatus) => planned.filter((r) => r.status === status).length;
  return {
    rows: planned,
    newClasses: newClasses.list(),
    gradeCodes: [...gradeCodes.values()].sort((a, b) => a.code.localeCompare(b.code)),
    summary: {
      create: count('create'),
      update: count('update'),
      unchanged: count('unchanged'),
      errors: count('error'),
      incomplete: planned.filter(
        (r) => r.status !== 'error' && r.status !== 'skipped' && WANTED.some((column) => r.warnings?.[column]),
      ).length,
      skipped: count('skipped'),
      new_classes: newClasses.list().length,
    },
  };
}

/**
 * The grades a OneRoster (CEDS) grade code names: those an administrator set to it; failing any, a
 * numbered code (`04`) names the grades with no code of their own whose English name's first
 * standalone number is that ("Grade 4", not "G4"), so a platform whose grades are not coded yet
 * reads files all the same.
 */
function gradesOfCode(grades: (Named & { ceds_code: string | null })[], code: string): Named[] {
  const coded = grades.filter((g) => g.ceds_code !== null && g.ceds_code.toLowerCase() === code.toLowerCase());
  if (coded.length > 0 || !/^\d+$/.test(code)) return coded;
  return grades.filter((g) => g.ceds_code === null && Number(/\b\d+\b/.exec(g.name_en)?.[0]) === Number(code));
}

/** `YYYY-MM-DD`, or the day-first `DD/MM/YYYY` schools write, of a day that has passed. */
function dateOf(text: string): string | null {
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const iso = dayFirst ? `${dayFirst[3]}-${dayFirst[2].padStart(2, '0')}-${dayFirst[1].padStart(2, '0')}` : text;
  if (!isCalendarDate(iso) || iso > new Date().toISOString().slice(0, 10) || iso < '1900-01-01') return null;
  return iso;
}
