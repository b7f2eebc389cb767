import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { SchemaRegistry } from '../../schemas/index';
import { ROLES } from '../../src/common/permissions';
import { createPdfPool } from '../../src/server/pdf/index';
import { generateReport, ReportFiles, type ReportDeps } from '../../src/server/reports/index';
import { call } from './api-client';
import { buildCorrectionScene } from './correction-factory';
import { buildUser, signIn } from './factories';
import type { TestContext } from './test-app';

/** Marks per student (essay /4, spoken /4, paragraph essay /3): a spread over the three tiers. */
const MARKS = [
  [4, 4, 3],
  [3, 2, 2],
  [1, 0, 1],
  [4, 3, 3],
  [2, 2, 1],
];

/**
 * A correction scene (an exam of essay, spoken answer, true/false and paragraph assigned to a
 * school, `count` students submitted) whose attempts are all corrected through the API, unless
 * `corrected` says how many.
 */
export async function buildReportScene(
  t: TestContext,
  registry: SchemaRegistry,
  options: { count?: number; corrected?: number; exam?: Record<string, unknown> } = {},
) {
  const count = options.count ?? 3;
  const scene = await buildCorrectionScene(t.app, t.db, registry, { count, exam: options.exam });
  const corrector = await signIn(t.app, await buildUser(t.db, { role: ROLES.corrector }));
  const correct = async (index: number) => {
    const [essay, spoken, part] = MARKS[index % MARKS.length];
    const response = await call(
      t.app,
      'POST',
      '/api/exams/submit/correction',
      {
        exam_id: scene.exam.id,
        student_id: scene.students[index].id,
        version: 0,
        corrections: [
          { question_id: scene.q.essay.id, part: '', mark: essay, comment: null, reason: null },
          { question_id: scene.q.spoken.id, part: '', mark: spoken, comment: null, reason: null },
          { question_id: scene.q.paragraph.id, part: 'w1', mark: part, comment: null, reason: null },
        ],
      },
      { cookie: corrector },
    );
    if (response.statusCode !== 200) throw new Error(response.body);
  };
  for (let index = 0; index < (options.corrected ?? count); index++) await correct(index);
  // Results enter the reports once released to their students (issue 26).
  const released = await call(t.app, 'POST', `/api/exams/${scene.exam.id}/release`, {}, { cookie: scene.admin });
  if (released.statusCode !== 200) throw new Error(released.body);
  return { ...scene, corrector, correct };
}

/** The report jobs' dependencies on a test app, with a small PDF pool of its own (close it). */
export function reportDeps(t: TestContext): ReportDeps & { close(): Promise<void> } {
  const pdf = createPdfPool({ size: 1 });
  return {
    db: t.db,
    reads: () => t.app.reportReads.db(),
    pdf,
    files: new ReportFiles(t.app.fileStore),
    timeZone: t.app.config.timeZone,
    now: () => t.app.clock.now(),
    close: () => pdf.close(),
  };
}

/** Runs every report job still waiting, as the queue would. */
export async function runReportJobs(t: TestContext, deps: ReportDeps): Promise<number[]> {
  const waiting = await t.db.selectFrom('reports').select('id').where('status', '=', 1).orderBy('id').execute();
  for (const { id } of waiting) await generateReport(deps, id);
  return waiting.map((r) => r.id);
}

/** The text of a PDF, as `pdftotext -layout` reads it (Debian poppler-utils). */
export function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ltm-pdf-'));
  try {
    const file = path.join(dir, 'report.pdf');
    fs.writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The entries of a ZIP: name -> bytes. */
export const zipEntries = (zip: Buffer): Record<string, Uint8Array> => unzipSync(new Uint8Array(zip));

/** A staff user of the school role linked to these schools, signed in. */
export async function signInSchoolStaff(t: TestContext, schoolIds: number[]): Promise<string> {
  const user = await buildUser(t.db, { role: ROLES.school });
  if (schoolIds.length > 0)
    await t.db
      .insertInto('user_schools')
      .values(schoolIds.map((school_id) => ({ user_id: user.id, school_id })))
      .execute();
  return signIn(t.app, user);
}
