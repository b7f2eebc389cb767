import ExcelJS from 'exceljs';
import type { Language } from '../../../locales/index';
import { countryChoices } from '../../common/countries';
import type { SchoolScope } from '../auth';
import { schoolScopeCondition } from '../auth';
import type { Db } from '../db/database';
import { translate } from '../http/i18n';
import { sheetFile, type SheetFormat } from '../http/sheet-file';
import { sql } from 'kysely';
import { studentValues } from './student-values';
import { GENDER_WORDS, headersIn, ROSTER_COLUMNS, YES_NO_WORDS } from './roster-columns';

export { CONTENT_TYPES, sheetFile, type SheetFormat } from '../http/sheet-file';

/** The template's columns that hold codes, not numbers: the student number and the national id. */
const TEXT_COLUMNS = ROSTER_COLUMNS.flatMap((column, index) =>
  column.key === 'student_number' || column.key === 'national_id' ? [index + 1] : [],
);

interface Lookups {
  schools: { id: number; name_en: string; name_ar: string }[];
  grades: { id: number; name_en: string; name_ar: string }[];
  levels: { id: number; name_en: string; name_ar: string }[];
  classes: { id: number; name_en: string; name_ar: string; school_id: number; grade_id: number }[];
}

async function lookups(db: Db, scope: SchoolScope): Promise<Lookups> {
  return {
    schools: await db
      .selectFrom('schools')
      .select(['id', 'name_en', 'name_ar'])
      .where(schoolScopeCondition(scope, sql.ref('id')))
      .orderBy('id')
      .execute(),
    grades: await db.selectFrom('grades').select(['id', 'name_en', 'name_ar']).orderBy('id').execute(),
    levels: await db.selectFrom('levels').select(['id', 'name_en', 'name_ar']).orderBy('id').execute(),
    classes: await db
      .selectFrom('school_classes')
      .select(['id', 'name_en', 'name_ar', 'school_id', 'grade_id'])
      .where(schoolScopeCondition(scope, sql.ref('school_id')))
      .orderBy('school_id')
      .orderBy('id')
      .execute(),
  };
}

const nameIn = (record: { name_en: string; name_ar: string } | undefined, language: Language) =>
  record ? (language === 'ar' ? record.name_ar : record.name_en) : '';

/**
 * The template to fill: the students' columns (headers in the reader's language), and in the
 * workbook a reference sheet of the reader's schools, classes (with their grade), grades, levels,
 * genders and nationality codes, which drop-downs on the students' sheet offer.
 */
export async function rosterTemplate(db: Db, scope: SchoolScope, format: SheetFormat, language: Language) {
  const headers = headersIn(language);
  if (format === 'csv') return sheetFile('csv', '', [headers], language);
  const found = await lookups(db, scope);
  const t = (key: string) => translate(language, `roster.template.${key}`);
  const workbook = new ExcelJS.Workbook();
  const rtl = language === 'ar';
  const students = workbook.addWorksheet(t('students_sheet'), {
    views: [{ rightToLeft: rtl, state: 'frozen', ySplit: 1 }],
  });
  students.addRow(headers).font = { bold: true };
  students.columns.forEach((column) => (column.width = 22));
  for (const column of TEXT_COLUMNS) students.getColumn(column).numFmt = '@';
  const reference = workbook.addWorksheet(t('reference_sheet'), { views: [{ rightToLeft: rtl }] });
  const lists: [string, string[]][] = [
    [t('schools'), found.schools.map((s) => nameIn(s, language))],
    [t('grades'), found.grades.map((g) => nameIn(g, language))],
    [t('classes'), [...new Set(found.classes.map((c) => nameIn(c, language)))]],
    [t('levels'), found.levels.map((l) => nameIn(l, language))],
    [t('genders'), Object.values(GENDER_WORDS[language])],
    [t('nationalities'), countryChoices(language).map((c) => c.id)],
    [t('yes_no'), Object.values(YES_NO_WORDS[language])],
    [
      t('class_of'),
      found.classes.map(
        (c) =>
          `${nameIn(c, language)} — ${nameIn(
            found.schools.find((s) => s.id === c.school_id),
            language,
          )} — ${nameIn(
            found.grades.find((g) => g.id === c.grade_id),
            language,
          )}`,
      ),
    ],
    [t('nationality_names'), countryChoices(language).map((c) => `${c.id} — ${c.name}`)],
  ];
  lists.forEach(([title, values], index) => {
    const column = reference.getColumn(index + 1);
    column.width = index >= 7 ? 48 : 24;
    column.values = [title, ...values];
  });
  reference.getRow(1).font = { bold: true };
  const listColumn: Partial<Record<(typeof ROSTER_COLUMNS)[number]['key'], number>> = {
    school: 1,
    grade: 2,
    class: 3,
    level: 4,
    gender: 5,
    nationality: 6,
    active: 7,
  };
  ROSTER_COLUMNS.forEach((column, index) => {
    const source = listColumn[column.key];
    if (!source) return;
    const count = Math.max(1, lists[source - 1]![1].length);
    const letter = String.fromCharCode(64 + source);
    const target = students.getColumn(index + 1).letter;
    // Drop-downs over the rows a school fills (the sheet's name quoted, as Excel needs for Arabic).
    for (let row = 2; row <= 2001; row++)
      students.getCell(`${target}${row}`).dataValidation = {
        type: 'list',
        allowBlank: !column.required,
        formulae: [`'${t('reference_sheet')}'!$${letter}$2:$${letter}$${count + 1}`],
      };
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The students of the reader's schools in the template's columns and language: it imports back unchanged. */
export async function rosterExport(
  db: Db,
  scope: SchoolScope,
  format: SheetFormat,
  language: Language,
  schoolId?: number,
) {
  const found = await lookups(db, scope);
  let query = db
    .selectFrom('students')
    .select(studentValues)
    .where(schoolScopeCondition(scope, sql.ref('school_id')))
    .orderBy('school_id')
    .orderBy('student_number');
  if (schoolId !== undefined) query = query.where('school_id', '=', schoolId);
  const byId = <T extends { id: number }>(records: T[]) => new Map(records.map((r) => [r.id, r]));
  const schools = byId(found.schools);
  const grades = byId(found.grades);
  const classes = byId(found.classes);
  const levels = byId(found.levels);
  const rows = (await query.execute()).map((s) => [
    s.student_number,
    s.name_en,
    s.name_ar,
    nameIn(schools.get(s.school_id), language),
    nameIn(grades.get(s.grade_id), language),
    nameIn(classes.get(s.school_class_id), language),
    s.level_id === null ? '' : nameIn(levels.get(s.level_id), language),
    s.gender ? GENDER_WORDS[language][s.gender] : '',
    s.nationality ?? '',
    s.date_of_birth ?? '',
    s.national_id ?? '',
    YES_NO_WORDS[language][s.is_active ? 'yes' : 'no'],
    s.extra_time_percent,
    s.extra_time_reason ?? '',
  ]);
  return sheetFile(
    format,
    translate(language, 'roster.template.students_sheet'),
    [headersIn(language), ...rows],
    language,
    TEXT_COLUMNS,
  );
}
