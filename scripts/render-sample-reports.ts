/**
 * `npx tsx scripts/render-sample-reports.ts [folder]`: makes every kind of report from the demo data
 * (a fresh embedded database in a temporary folder), in English and in Arabic, and writes the PDFs and
 * their pages as PNG (pdftoppm) into the folder (default /tmp/report-samples), for a person to look at.
 * The tests' sample documents follow (`sample-*`): names written with markup characters, a passed
 * student with six outcomes, a class with no results yet.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { seedDemo } from '../src/server/demo/seed-demo';
import { prepareDatabase } from '../src/server/setup/prepare';

const out = path.resolve(process.argv[2] ?? '/tmp/report-samples');
fs.mkdirSync(out, { recursive: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-samples-'));
const config = loadConfig({ DATA_DIR: dataDir, JOBS_ENABLED: 'false', LOG_LEVEL: 'warn' });
const database = await openDatabase(config);
await prepareDatabase(database.db);
const app = await buildApp({ config, database });
await app.ready();
try {
  await seedDemo(app);
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    payload: { email: 'admin@example.com', password: 'Demo@2026' },
  });
  const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: { cookie, 'x-requested-with': 'XMLHttpRequest' } });
  const status = (await call('GET', '/api/schools/status')).json().data;
  const school = status.find((s: { correction_status: { key: string } }) => s.correction_status.key === 'corrected');
  const made = await call('POST', '/api/schools/generate/exams/report', { school_id: school.school_id });
  console.log('school reports:', made.statusCode);
  await call('POST', '/api/schools/reports', { school_id: school.school_id, correction_status_ids: [3] });
  const { generateReport, ReportFiles } = await import('../src/server/reports/index');
  const { createPdfPool } = await import('../src/server/pdf/index');
  const pdf = createPdfPool();
  const deps = {
    db: app.db,
    pdf,
    files: new ReportFiles(app.fileStore),
    timeZone: config.timeZone,
    now: () => new Date(),
  };
  const reports = (await call('GET', '/api/reports?per_page=100&sort=id&order=desc')).json().data as {
    id: number;
    type: { key: string };
    round: { name_en: string };
  }[];
  const picked = new Map<string, number>();
  for (const report of reports) {
    const key = report.type.key;
    if (key !== 'bundle' && !picked.has(key)) picked.set(key, report.id);
  }
  for (const [kind, id] of picked) {
    await generateReport(deps, id);
    for (const lang of ['en', 'ar']) {
      const file = path.join(out, `${kind}-${lang}.pdf`);
      fs.writeFileSync(file, (await call('GET', `/api/reports/${id}/view-pdf?lang=${lang}`)).rawPayload);
      execFileSync('pdftoppm', ['-png', '-r', '70', file, file.replace(/\.pdf$/, '')]);
      console.log(file);
    }
  }
  await pdf.close();

  const { createTypstRenderer } = await import('../src/server/pdf/index');
  const { sampleSchoolReport } = await import('../tests/helpers/sample-reports');
  const { emptyClassReport, fullStudentReport } = await import('../tests/unit/pdf/sample-documents');
  const renderer = createTypstRenderer();
  for (const lang of ['en', 'ar'] as const) {
    const samples = {
      student: fullStudentReport(lang),
      school: sampleSchoolReport(lang),
      empty: emptyClassReport(lang),
    };
    for (const [name, doc] of Object.entries(samples)) {
      const file = path.join(out, `sample-${name}-${lang}.pdf`);
      fs.writeFileSync(file, renderer.render(doc));
      execFileSync('pdftoppm', ['-png', '-r', '70', file, file.replace(/\.pdf$/, '')]);
      console.log(file);
    }
  }
} finally {
  await app.close();
  await database.close?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
