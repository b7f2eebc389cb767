import { truncateText } from '../../common/text-bounds';
import { sql } from 'kysely';
import { languagesOf, REPORT_STATUS, REPORT_TYPE, type ReportLanguage } from '../../common/reports/index';
import type { Db } from '../db/database';
import type { ReportDocument } from '../pdf';
import { composeReportDocument, loadReportData, type ResultCache } from './report-documents';
import { loadReportContext, loadResults, type ReportContext } from './report-data';
import { languageFileName, reportFileName } from './report-file-names';
import type { ReportFiles } from './report-files';

/** What renders a report document into PDF bytes (the worker pool). */
export interface PdfRenderer {
  render(doc: ReportDocument): Promise<Uint8Array>;
}

export interface ReportDeps {
  /** The primary: the report's status is written there. */
  db: Db;
  /**
   * Where the report's data is read (`app.reportReads.db`: a read replica that has everything
   * committed when it is called); the primary, `db`, when absent.
   */
  reads?: () => Promise<Db>;
  pdf: PdfRenderer;
  files: ReportFiles;
  timeZone: string;
  now: () => Date;
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** Documents rendered at once while a bundle is written: enough to keep the workers busy, few enough to keep memory flat. */
const BUNDLE_WINDOW = 8;

async function setStatus(
  db: Db,
  reportId: number,
  status: number,
  extra: { error?: string | null; generated_at?: Date } = {},
) {
  await db
    .updateTable('reports')
    .set({ status, ...extra, updated_at: sql`now()` })
    .where('id', '=', reportId)
    .execute();
}

/** The student report of one of a bundle's students, as if it had its own record. */
const studentContext = (
  bundle: ReportContext,
  result: Awaited<ReturnType<typeof loadResults>>[number],
): ReportContext => ({
  ...bundle,
  type: REPORT_TYPE.student,
  grade: result.grade,
  schoolClass: result.school_class,
  student: { id: result.student_id, name: result.student_name, ...result.student_names },
});

/**
 * The student reports of a school or grade, rendered a few at a time and handed over in order, each
 * language's PDF as its own entry.
 */
async function* bundleEntries(deps: ReportDeps, reads: Db, bundle: ReportContext, languages: ReportLanguage[]) {
  const results = await loadResults(reads, {
    school_id: bundle.school.id,
    grade_id: bundle.grade?.id ?? null,
    exam_id: bundle.exam.id,
  });
  const issuedAt = deps.now();
  const cache: ResultCache = new Map();
  // Each student's figures are read once for both languages, and the school's results once for all.
  const read = new Map<number, Promise<Awaited<ReturnType<typeof loadReportData>>>>();
  const work = results.flatMap((result) => languages.map((language) => ({ result, language })));
  const render = async ({ result, language }: (typeof work)[number]) => {
    const context = studentContext(bundle, result);
    if (!read.has(result.student_id)) read.set(result.student_id, loadReportData(reads, context, cache));
    const data = await read.get(result.student_id)!;
    if (language === languages.at(-1)) read.delete(result.student_id);
    const doc = composeReportDocument(context, data, language, issuedAt, deps.timeZone);
    const name = reportFileName(REPORT_TYPE.student, `${result.student_name} ${result.student_id}`, bundle.exam.id);
    return { name: languageFileName(name, language), data: await deps.pdf.render(doc) };
  };
  const window: Promise<{ name: string; data: Uint8Array }>[] = [];
  let next = 0;
  const fill = () => {
    while (next < work.length && window.length < BUNDLE_WINDOW) {
      const rendering = render(work[next++]);
      rendering.catch(() => undefined); // awaited in order below; a failure is thrown there
      window.push(rendering);
    }
  };
  fill();
  while (window.length > 0) {
    const entry = await window.shift()!;
    fill();
    yield entry;
  }
}

/**
 * The report job: renders the report's PDFs in each of its languages (a bundle: every student's
 * report into one ZIP) and records the outcome. A failure is recorded as `failed generating` with
 * its reason and not thrown: generating again is the user's call, not a blind retry's.
 */
export async function generateReport(deps: ReportDeps, reportId: number): Promise<boolean> {
  const exists = await deps.db.selectFrom('reports').select('id').where('id', '=', reportId).executeTakeFirst();
  if (!exists) return false; // deleted with its school or exam meanwhile
  await setStatus(deps.db, reportId, REPORT_STATUS.generating);
  try {
    // Asked after the report was planned and marked: the reads see it and every result before it.
    const reads = deps.reads ? await deps.reads() : deps.db;
    const context = await loadReportContext(reads, reportId);
    const languages = languagesOf(context.language);
    if (context.type === REPORT_TYPE.bundle) {
      const written = await deps.files.writeBundle(reportId, bundleEntries(deps, reads, context, languages));
      deps.log?.info({ report: reportId, ...written }, 'report bundle written');
    } else {
      const data = await loadReportData(reads, context);
      for (const language of languages) {
        const doc = composeReportDocument(context, data, language, deps.now(), deps.timeZone);
        await deps.files.writePdf(reportId, language, await deps.pdf.render(doc));
      }
    }
    await setStatus(deps.db, reportId, REPORT_STATUS.generated, { error: null, generated_at: deps.now() });
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    deps.log?.error({ err: error, report: reportId }, 'report generation failed');
    await setStatus(deps.db, reportId, REPORT_STATUS.failed_generating, { error: truncateText(message, 2000) });
    return false;
  }
}
