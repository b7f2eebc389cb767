/**
 * Report types and generation statuses (SPEC sections 3, 4 and 9), with stable ids. Type 3 is a ZIP
 * bundle of the student reports of a school or grade. Their names are the catalog entries
 * `reports.types.{key}` and `reports.statuses.{key}`.
 */
export const REPORT_TYPES = [
  { id: 1, key: 'student' },
  { id: 2, key: 'class' },
  { id: 3, key: 'bundle' },
  { id: 4, key: 'grade' },
  { id: 5, key: 'school' },
] as const;

/** generate: queued; generating; generated; failed generating; download failed (the file could not be read). */
export const REPORT_STATUSES = [
  { id: 1, key: 'generate' },
  { id: 2, key: 'generating' },
  { id: 3, key: 'generated' },
  { id: 4, key: 'failed_generating' },
  { id: 5, key: 'download_failed' },
] as const;

export type ReportTypeKey = (typeof REPORT_TYPES)[number]['key'];
export type ReportStatusKey = (typeof REPORT_STATUSES)[number]['key'];

const idOf = <K extends string>(list: readonly { id: number; key: K }[]) =>
  Object.fromEntries(list.map((s) => [s.key, s.id])) as Record<K, number>;

export const REPORT_TYPE = idOf(REPORT_TYPES);
export const REPORT_STATUS = idOf(REPORT_STATUSES);

export const REPORT_LANGUAGES = ['en', 'ar'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];
/** The languages a report's files are made in. */
export const REPORT_LANGUAGE_CHOICES = ['en', 'ar', 'both'] as const;
export type ReportLanguageChoice = (typeof REPORT_LANGUAGE_CHOICES)[number];

export const languagesOf = (choice: ReportLanguageChoice): ReportLanguage[] =>
  choice === 'both' ? ['en', 'ar'] : [choice];

/** Statuses that a job will still change: the console keeps refreshing while one is shown. */
export const PENDING_REPORT_STATUSES: readonly number[] = [REPORT_STATUS.generate, REPORT_STATUS.generating];

/** Download names (SPEC section 9). */
export const DOWNLOAD_NAMES = {
  several: 'Reports.zip',
  bundle: 'Report.zip',
  school: 'School_Report.pdf',
} as const;

/** The report list's filters, as the API names them (`filter[school_id]=1,2`); `platform_id` is a top-level parameter. */
export const REPORT_FILTER_KEYS = [
  'type',
  'school_id',
  'round_id',
  'grade_id',
  'school_class_id',
  'student_id',
  'gender',
  'nationality',
  'skill_id',
  'country',
  'academic_year_id',
  'status',
] as const;
export type ReportFilterKey = (typeof REPORT_FILTER_KEYS)[number];

export const REPORT_SORT_KEYS = ['id', 'name', 'type', 'status', 'modified_at'] as const;
