import {
  DOWNLOAD_NAMES,
  languagesOf,
  REPORT_STATUS,
  REPORT_TYPE,
  type ReportLanguage,
  type ReportLanguageChoice,
} from '../../common/reports/index';
import type { Db } from '../db/database';
import { AppError } from '../http/app-error';
import { languageFileName } from './report-file-names';
import type { ReportFiles } from './report-files';

interface DownloadableReport {
  id: number;
  type: number;
  status: number;
  language: ReportLanguageChoice;
  file_name: string;
}

interface Entry {
  name: string;
  /** The file's key in the store. */
  key: string;
}

/** What a download sends: one file as it is (its size known from the plan), or several streamed into a ZIP. */
export type Download =
  | { kind: 'file'; name: string; key: string; size: number; contentType: string }
  | { kind: 'zip'; name: string; entries: Entry[] };

export const reportRefusal = {
  notGenerated: () => new AppError(418, 'reports.errors.not_generated'),
  languageMissing: () => new AppError(418, 'reports.errors.language_missing'),
  downloadFailed: () => new AppError(418, 'reports.errors.download_failed'),
  bundleView: () => new AppError(418, 'reports.errors.bundle_view'),
};

/** The files of one report in the languages asked (those it was made in). */
function entriesOf(files: ReportFiles, report: DownloadableReport, wanted: ReportLanguage[]): Entry[] {
  if (report.type === REPORT_TYPE.bundle) return [{ name: report.file_name, key: files.bundleKey(report.id) }];
  const made = languagesOf(report.language);
  const languages = wanted.filter((language) => made.includes(language));
  if (languages.length === 0) throw reportRefusal.languageMissing();
  // Each language's file is named for it, even alone: the English and the Arabic file of a report
  // never share a name in the reader's downloads (issue 41).
  return languages.map((language) => ({
    name: languageFileName(report.file_name || DOWNLOAD_NAMES.single, language),
    key: files.pdfKey(report.id, language),
  }));
}

/**
 * Decides a download (SPEC section 9): several reports give `Reports.zip`, a bundle `Report.zip`,
 * one report its PDF by its file name (`School_Report.pdf` when it has none). Only generated reports
 * download; a generated report whose file cannot be read is marked `download failed` (418).
 */
export async function planDownload(
  db: Db,
  files: ReportFiles,
  reports: DownloadableReport[],
  language: ReportLanguageChoice,
): Promise<Download> {
  const wanted = languagesOf(language);
  const planned = reports.map((report) => {
    if (report.status !== REPORT_STATUS.generated && report.status !== REPORT_STATUS.download_failed)
      throw reportRefusal.notGenerated();
    return { report, own: entriesOf(files, report, wanted) };
  });
  // Every file is looked for before the download starts, several at once (a bucket answers each in
  // a round trip), in order of the reports as before.
  const sizes = await sizesOf(
    files,
    planned.flatMap(({ own }) => own.map((entry) => entry.key)),
  );
  const entries: Entry[] = [];
  for (const { report, own } of planned) {
    if (own.some((entry) => !sizes.has(entry.key))) {
      await db
        .updateTable('reports')
        .set({ status: REPORT_STATUS.download_failed })
        .where('id', '=', report.id)
        .execute();
      throw reportRefusal.downloadFailed();
    }
    if (report.status === REPORT_STATUS.download_failed)
      await db.updateTable('reports').set({ status: REPORT_STATUS.generated }).where('id', '=', report.id).execute();
    entries.push(...own);
  }
  if (reports.length === 1 && reports[0].type === REPORT_TYPE.bundle)
    return {
      kind: 'file',
      name: DOWNLOAD_NAMES.bundle,
      key: entries[0].key,
      size: sizes.get(entries[0].key)!,
      contentType: 'application/zip',
    };
  if (entries.length === 1)
    return {
      kind: 'file',
      name: entries[0].name || DOWNLOAD_NAMES.single,
      key: entries[0].key,
      size: sizes.get(entries[0].key)!,
      contentType: 'application/pdf',
    };
  return { kind: 'zip', name: DOWNLOAD_NAMES.several, entries: uniqueNames(entries) };
}

/** Checks at once, at most this many: a download of 500 reports in two languages asks 1,000 times. */
const CHECKS_AT_ONCE = 16;

/** The size of each file that is there (a missing file has no entry). */
async function sizesOf(files: ReportFiles, keys: string[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  let next = 0;
  const check = async () => {
    while (next < keys.length) {
      const key = keys[next++];
      const size = await files.store.size(key);
      if (size !== null) sizes.set(key, size);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CHECKS_AT_ONCE, keys.length) }, check));
  return sizes;
}

/** Two reports may share a file name (the same student in two exams is told apart by exam; be safe anyway). */
function uniqueNames(entries: Entry[]): Entry[] {
  const seen = new Map<string, number>();
  return entries.map((entry) => {
    const count = seen.get(entry.name) ?? 0;
    seen.set(entry.name, count + 1);
    return count === 0 ? entry : { ...entry, name: entry.name.replace(/(\.\w+)$/, `_${count + 1}$1`) };
  });
}
