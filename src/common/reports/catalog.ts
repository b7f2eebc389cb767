import reports from '../../../schemas/reports';
import type { ReportKind } from '../../../schemas/vocabulary';

/**
 * Report types and generation statuses (SPEC sections 3, 4 and 9), with stable ids, as
 * schemas/reports.ts declares them. Their names are the catalog entries `reports.types.{key}` and
 * `reports.statuses.{key}`.
 */
type Kinds = (typeof reports)['kinds'];
export const REPORT_TYPES = Object.entries(reports.kinds)
  .map(([key, kind]) => ({ id: kind.id, key: key as keyof Kinds }))
  .sort((a, b) => a.id - b.id);

/** generate: queued; generating; generated; failed generating; download failed (the file could not be read). */
export const REPORT_STATUSES = reports.statuses.map((key, index) => ({ id: index + 1, key }));

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
export const PENDING_REPORT_STATUSES: readonly number[] = reports.pending.map((key) => REPORT_STATUS[key]);

/** Download names (SPEC section 9). */
export const DOWNLOAD_NAMES = reports.downloads;

/** A kind's declaration by its id (file name, document, bundle). */
export const reportKind = (type: number): ReportKind | undefined =>
  Object.values<ReportKind>(reports.kinds).find((kind) => kind.id === type);

/** The report list's filters, as the API names them (`filter[school_id]=1,2`); `platform_id` is a top-level parameter. */
export const REPORT_FILTER_KEYS = reports.filters;
export type ReportFilterKey = (typeof REPORT_FILTER_KEYS)[number];

export const REPORT_SORT_KEYS = reports.sort;
