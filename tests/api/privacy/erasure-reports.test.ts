import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../../schemas/index';
import { REPORT_STATUS } from '../../../src/common/reports/index';
import { ManualClock } from '../../../src/server/clock';
import { ReportFiles } from '../../../src/server/reports/index';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { call } from '../../helpers/api-client';
import { buildReportScene, pdfText, reportDeps, runReportJobs } from '../../helpers/report-factory';
import { createTestApp, type TestContext } from '../../helpers/test-app';

/**
 * Issue 45: a student's reports. Their individual report is in their export and goes with their
 * erasure; the group reports that list them (class, grade, school, the bundle) are made again
 * without their name, and their old files are gone at once.
 */
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
let t: TestContext;
let registry: SchemaRegistry;
let deps: ReturnType<typeof reportDeps>;
let scene: Awaited<ReturnType<typeof buildReportScene>>;

beforeAll(async () => {
  t = await createTestApp({}, clock);
  registry = await loadSchemaRegistry();
  deps = reportDeps(t);
  scene = await buildReportScene(t, registry, { count: 3 });
  const queued = await call(
    t.app,
    'POST',
    '/api/schools/reports',
    { school_id: scene.school.id, correction_status_ids: [3] },
    { cookie: scene.admin },
  );
  expect(queued.statusCode, queued.body).toBe(200);
  await runReportJobs(t, deps);
}, 180_000);
afterAll(async () => {
  await deps?.close();
  await t.close();
});

const reports = () => t.db.selectFrom('reports').select(['id', 'type', 'status', 'student_id']).orderBy('id').execute();

describe("a student's reports", () => {
  it('are in their export, then their own goes with their erasure and the group reports are made again without their name', async () => {
    const [me] = scene.students;
    const files = new ReportFiles(t.app.fileStore);
    const all = await reports();
    expect(all.every((report) => report.status === REPORT_STATUS.generated)).toBe(true);
    const own = all.find((report) => report.student_id === me.id)!;
    const classReport = all.find((report) => report.type === 2)!;
    expect(pdfText(await readAll(files.pdfKey(classReport.id, 'en')))).toContain(me.name_en);

    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/students/${me.id}/personal-data`,
      headers: { cookie: scene.admin, 'x-requested-with': 'XMLHttpRequest' },
    });
    const zip = unzipSync(new Uint8Array(exported.rawPayload));
    const manifest = JSON.parse(Buffer.from(zip['manifest.json']).toString());
    expect(manifest.reports).toEqual([`reports/${own.id}-en.pdf`, `reports/${own.id}-ar.pdf`]);
    expect(pdfText(Buffer.from(zip[`reports/${own.id}-en.pdf`]))).toContain(me.name_en);

    const erased = await call(
      t.app,
      'POST',
      `/api/students/${me.id}/erase`,
      { reason: 'Parent asked for erasure' },
      { cookie: scene.admin },
    );
    expect(erased.statusCode, erased.body).toBe(200);
    const groups = all.filter((report) => report.student_id === null);
    expect(erased.json().data).toMatchObject({ reports: 1, reports_remade: groups.length, files_left: 0 });
    const after = await reports();
    expect(after.find((report) => report.id === own.id)).toBeUndefined();
    expect(await t.app.fileStore.size(files.pdfKey(own.id, 'en'))).toBeNull();
    // The group reports wait to be made again; their old files, which name the student, are gone.
    for (const group of groups) {
      expect(after.find((report) => report.id === group.id)?.status).toBe(REPORT_STATUS.generate);
      expect(await t.app.fileStore.size(files.pdfKey(group.id, 'en'))).toBeNull();
    }
    // Other students' own reports are untouched.
    for (const report of after.filter((r) => r.student_id !== null))
      expect(report.status).toBe(REPORT_STATUS.generated);

    await runReportJobs(t, deps);
    const text = pdfText(await readAll(files.pdfKey(classReport.id, 'en')));
    expect(text).not.toContain(me.name_en);
    expect(text).toContain(`Erased student ${me.id}`);
    expect(text).toContain(scene.students[1].name_en);
  }, 120_000);
});

async function readAll(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of t.app.fileStore.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
