import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../../schemas/index';
import { listOf, reportFilters, reportRecord, reportsQueued } from '../../../src/common/contracts/index';
import { ROLES } from '../../../src/common/permissions';
import { ManualClock } from '../../../src/server/clock';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { call } from '../../helpers/api-client';
import { buildUser, signIn } from '../../helpers/factories';
import {
  buildReportScene,
  pdfText,
  reportDeps,
  runReportJobs,
  signInSchoolStaff,
  zipEntries,
} from '../../helpers/report-factory';
import { createTestApp, type TestContext } from '../../helpers/test-app';

/**
 * Reports: the eligibility rule, generation as jobs with their statuses (a failing one too), the
 * school report at once, migration, the list and its filters, the viewer, downloads (names, types,
 * ZIP contents), school scoping and permissions.
 */
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
let t: TestContext;
let registry: SchemaRegistry;
let admin: string;
let deps: ReturnType<typeof reportDeps>;
let scene: Awaited<ReturnType<typeof buildReportScene>>;

beforeAll(async () => {
  t = await createTestApp({}, clock);
  registry = await loadSchemaRegistry();
  admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
  deps = reportDeps(t);
  // Three students submitted, two corrected: not yet eligible.
  scene = await buildReportScene(t, registry, { count: 3, corrected: 2 });
}, 120_000);
afterAll(async () => {
  await deps.close();
  await t.close();
});

const api = (method: 'GET' | 'POST', url: string, body?: unknown, cookie = admin, lang: 'en' | 'ar' = 'en') =>
  call(t.app, method, url, body, { cookie, lang });
const reportsOf = async (query = '') =>
  (await api('GET', `/api/reports?per_page=100${query}`)).json().data as {
    id: number;
    type: { key: string };
    status: { key: string };
    file_name: string;
    student: { id: number } | null;
  }[];

describe('eligibility', () => {
  it('refuses while a grade has an uncorrected exam, in English and in Arabic, and records nothing', async () => {
    const body = { school_id: scene.school.id, 'correction_status_ids[]': ['1', '2', '3'] };
    const en = await api('POST', '/api/schools/reports', body);
    expect(en.statusCode).toBe(418);
    expect(en.json().message).toBe("School Report can't be generated since not all grade's exams have been corrected.");
    const ar = await api('POST', '/api/schools/reports', body, admin, 'ar');
    expect(ar.json().message).toBe('لا يمكن إنشاء تقرير المدرسة لأن اختبارات الصفوف لم تُصحَّح كلها بعد.');
    const now = await api('POST', '/api/schools/generate/exams/report', { school_id: scene.school.id });
    expect(now.statusCode).toBe(418);
    // Asking only for corrected schools finds none: not eligible.
    const none = await api('POST', '/api/schools/reports', { correction_status_ids: [3] });
    expect(none.statusCode).toBe(418);
    expect(none.json().message).toBe('Currently not eligible to send reports.');
    expect(await reportsOf()).toEqual([]);
  });

  it('refuses bad bodies with 422 and changes nothing', async () => {
    for (const body of [
      {},
      { correction_status_ids: [] },
      { correction_status_ids: [9] },
      { correction_status_ids: ['x'] },
      { school_id: 'abc' },
      { language: 'fr' },
      { unknown: 1 },
    ]) {
      const response = await api('POST', '/api/schools/reports', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await api('POST', '/api/grades/reports', {})).statusCode).toBe(422);
    expect((await api('POST', '/api/reports/download', { language: 'en', report_ids: [] })).statusCode).toBe(422);
    expect(await reportsOf()).toEqual([]);
  });
});

describe('generation as jobs', () => {
  it('queues every report of the school once all is corrected, and the jobs make them', async () => {
    await scene.correct(2);
    const response = await api('POST', '/api/schools/reports', {
      school_id: scene.school.id,
      'correction_status_ids[]': '3',
    });
    expect(response.statusCode, response.body).toBe(200);
    const queued = reportsQueued.parse(response.json());
    // School, grade, class, three students and the school's ZIP bundle.
    expect(queued.data.report_ids).toHaveLength(7);
    expect(queued.message).toBe('Reports queued: 7');
    const list = await api('GET', '/api/reports?per_page=100');
    const parsed = listOf(reportRecord).parse(list.json());
    expect(parsed.data.map((r) => r.status.key)).toEqual(Array(7).fill('generate'));
    expect(parsed.data.map((r) => r.type.key).sort()).toEqual(
      ['bundle', 'class', 'grade', 'school', 'student', 'student', 'student'].sort(),
    );
    // The school's status says its reports are on their way.
    const status = (await api('GET', `/api/schools/status?filter[id]=${scene.school.id}`)).json().data[0];
    expect(status.report_status.key).toBe('pending');
    expect(status.correction_status.key).toBe('corrected');

    const ran = await runReportJobs(t, deps);
    expect(ran).toHaveLength(7);
    expect((await reportsOf()).map((r) => r.status.key)).toEqual(Array(7).fill('generated'));
    const after = (await api('GET', `/api/schools/status?filter[id]=${scene.school.id}`)).json().data[0];
    expect(after.report_status.key).toBe('generated');
    // The student's exams now point at the student's report.
    const exams = (await api('GET', `/api/students/${scene.students[0].id}/exams`)).json().data;
    expect(exams[0].report.status.key).toBe('generated');
  }, 60_000);

  it("takes the spec's form data, URL-encoded or multipart, with repeated fields as lists", async () => {
    const headers = (type: string) => ({ 'content-type': type, 'x-requested-with': 'XMLHttpRequest', cookie: admin });
    const encoded = await t.app.inject({
      method: 'POST',
      url: '/api/schools/reports',
      headers: headers('application/x-www-form-urlencoded'),
      payload: `school_id=${scene.school.id}&correction_status_ids[]=2&correction_status_ids[]=3`,
    });
    expect(encoded.statusCode, encoded.body).toBe(200);
    expect(encoded.json().data.report_ids).toHaveLength(7);
    const form = new FormData();
    form.append('school_id', String(scene.school.id));
    form.append('correction_status_ids[]', '3');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const multipart = await t.app.inject({
      method: 'POST',
      url: '/api/grades/reports',
      headers: headers(request.headers.get('content-type')!),
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/schools/reports',
      headers: headers('application/x-www-form-urlencoded'),
      payload: 'correction_status_ids[]=seven',
    });
    expect(refused.statusCode).toBe(422);
    // A broken form or one carrying a file is refused with 400 and changes nothing.
    const withFile = new FormData();
    withFile.append('school_id', String(scene.school.id));
    withFile.append('file', new Blob(['x']), 'x.txt');
    const fileRequest = new Request('http://localhost/', { method: 'POST', body: withFile });
    for (const [type, payload] of [
      ['multipart/form-data', 'school_id=1'],
      [fileRequest.headers.get('content-type')!, Buffer.from(await fileRequest.arrayBuffer())],
    ] as const) {
      const broken = await t.app.inject({
        method: 'POST',
        url: '/api/grades/reports',
        headers: headers(type),
        payload,
      });
      expect(broken.statusCode).toBe(400);
    }
    // The grade request made the grade's bundle too; the next tests count it.
    await runReportJobs(t, deps);
  }, 60_000);

  it('generating again reuses the records', async () => {
    const again = await api('POST', '/api/schools/reports', { school_id: scene.school.id, correction_status_ids: [3] });
    expect(again.statusCode).toBe(200);
    expect(await reportsOf()).toHaveLength(8);
    await runReportJobs(t, deps);
  }, 60_000);

  it('records a failing job as failed generating, with its reason, and the next run succeeds', async () => {
    const [student] = await reportsOf('&filter[type]=1');
    const dir = path.join(t.app.config.dataDir, 'reports', String(student.id));
    await api('POST', '/api/grades/reports', {
      school_id: scene.school.id,
      correction_status_ids: [3],
      language: 'en',
    });
    // A file where the report's folder should be: writing fails.
    fs.rmSync(dir, { recursive: true, force: true });
    fs.writeFileSync(dir, 'not a folder');
    await runReportJobs(t, deps);
    // The grade's reports are now made in English only: their Arabic file is not offered.
    const [grade] = await reportsOf('&filter[type]=4');
    const arabic = await api('GET', `/api/reports/${grade.id}/view-pdf?lang=ar`);
    expect(arabic.statusCode).toBe(418);
    expect(arabic.json().message).toBe('This report was not generated in this language.');
    expect((await api('GET', `/api/reports/${grade.id}/view-pdf?lang=en`)).statusCode).toBe(200);
    const failed = (await reportsOf(`&filter[id]=${student.id}`))[0];
    expect(failed.status.key).toBe('failed_generating');
    const row = await t.db.selectFrom('reports').select('error').where('id', '=', student.id).executeTakeFirstOrThrow();
    expect(row.error).toMatch(/EEXIST|ENOTDIR/);
    expect((await api('GET', `/api/reports?filter[status]=4`)).json().data.map((r: { id: number }) => r.id)).toEqual([
      student.id,
    ]);
    fs.rmSync(dir, { force: true });
    await api('POST', '/api/grades/reports', { school_id: scene.school.id, correction_status_ids: [3] });
    await runReportJobs(t, deps);
    expect((await reportsOf(`&filter[id]=${student.id}`))[0].status.key).toBe('generated');
  }, 60_000);
});

describe('the PDFs, the viewer and downloads', () => {
  it('shows a student report in English and in Arabic with its figures, inline', async () => {
    const student = (await reportsOf('&filter[type]=1')).find((r) => r.student?.id === scene.students[0].id)!;
    const en = await api('GET', `/api/reports/${student.id}/view-pdf?lang=en`);
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('application/pdf');
    expect(en.headers['content-disposition']).toMatch(/^inline/);
    const text = pdfText(en.rawPayload);
    expect(text).toContain('Student Report');
    expect(text).toContain(scene.students[0].name);
    expect(text).toContain(scene.school.name_en);
    // Marks 4 + 4 + 3 of 11 by hand, true/false 4 + 2 right: 17 of 17 ... the total is on the exam's scale.
    expect(text).toMatch(/Total/);
    const ar = await api('GET', `/api/reports/${student.id}/view-pdf?lang=ar`);
    const arabic = pdfText(ar.rawPayload);
    expect(arabic).toContain('تقرير الطالب');
    // Each word of the school's name (Arabic and Latin mixed) in its own logical order.
    for (const word of String(scene.school.name_ar).split(' ')) expect(arabic).toContain(word);
  });

  it('downloads one report as its PDF, several as Reports.zip and a bundle as Report.zip', async () => {
    const reports = await reportsOf();
    const student = reports.find((r) => r.type.key === 'student')!;
    const one = await api('POST', '/api/reports/download', { language: 'ar', 'report_ids[]': String(student.id) });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.headers['content-type']).toBe('application/pdf');
    // Each language's file is named for it, so the English and the Arabic never share a name (issue 41).
    const named = (name: string) => `filename*=UTF-8''${encodeURIComponent(name)}`;
    expect(one.headers['content-disposition']).toContain(named(student.file_name.replace(/\.pdf$/, '_ar.pdf')));
    expect(one.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const english = await api('POST', '/api/reports/download', { language: 'en', 'report_ids[]': String(student.id) });
    expect(english.headers['content-disposition']).toContain(named(student.file_name.replace(/\.pdf$/, '_en.pdf')));

    const bundle = reports.find((r) => r.type.key === 'bundle')!;
    const zip = await api('POST', '/api/reports/download', { language: 'both', report_ids: [bundle.id] });
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain('filename="Report.zip"');
    const inBundle = Object.keys(zipEntries(zip.rawPayload)).sort();
    expect(inBundle).toHaveLength(6); // three students, two languages each
    expect(inBundle.every((name) => /^Student_Report_.+_(en|ar)\.pdf$/.test(name))).toBe(true);

    const several = await api('POST', '/api/reports/download', {
      language: 'en',
      report_ids: reports.filter((r) => r.type.key !== 'bundle').map((r) => r.id),
    });
    expect(several.headers['content-disposition']).toContain('filename="Reports.zip"');
    const entries = zipEntries(several.rawPayload);
    expect(Object.keys(entries)).toHaveLength(6);
    for (const data of Object.values(entries)) expect(Buffer.from(data.subarray(0, 4)).toString()).toBe('%PDF');
  });

  it('marks a report whose file is gone as download failed (418) and refuses reports not generated', async () => {
    const student = (await reportsOf('&filter[type]=1'))[1];
    fs.rmSync(path.join(t.app.config.dataDir, 'reports', String(student.id)), { recursive: true, force: true });
    const gone = await api('POST', '/api/reports/download', { language: 'en', report_ids: [student.id] });
    expect(gone.statusCode).toBe(418);
    expect(gone.json().message).toBe('The report file could not be read. Generate the report again.');
    expect((await reportsOf(`&filter[id]=${student.id}`))[0].status.key).toBe('download_failed');
    await t.db.updateTable('reports').set({ status: 1 }).where('id', '=', student.id).execute();
    expect((await api('GET', `/api/reports/${student.id}/view-pdf`)).statusCode).toBe(418);
    await runReportJobs(t, deps);
    const bundle = (await reportsOf('&filter[type]=3'))[0];
    expect((await api('GET', `/api/reports/${bundle.id}/view-pdf`)).statusCode).toBe(418);
    expect((await api('GET', '/api/reports/999999/view-pdf')).statusCode).toBe(404);
    expect((await api('POST', '/api/reports/download', { language: 'en', report_ids: [999999] })).statusCode).toBe(404);
  });

  it('generates the school report at once and answers its preview URL', async () => {
    const response = await api(
      'POST',
      '/api/schools/generate/exams/report',
      { school_id: scene.school.id },
      admin,
      'ar',
    );
    expect(response.statusCode, response.body).toBe(200);
    const url = response.json().data.preview_url as string;
    expect(url).toMatch(/^\/api\/reports\/\d+\/view-pdf\?lang=ar$/);
    const pdf = await api('GET', url);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdfText(pdf.rawPayload)).toContain('تقرير المدرسة');
  }, 30_000);
});

describe('the list, migration and scoping', () => {
  it('filters by type, status, school, grade, class, student, gender, nationality, skill and academic year', async () => {
    const ids = async (query: string) => (await reportsOf(query)).map((r) => r.id).length;
    expect(await ids('&filter[type]=1')).toBe(3);
    expect(await ids('&filter[type]=1,5')).toBe(4);
    // School, school bundle, grade, grade bundle (made by the grade request), class, three students.
    expect(await ids(`&filter[school_id]=${scene.school.id}`)).toBe(8);
    expect(await ids(`&filter[grade_id]=${scene.students[0].grade_id}`)).toBe(6);
    expect(await ids(`&filter[school_class_id]=${scene.schoolClass.id}`)).toBe(4);
    expect(await ids(`&filter[student_id]=${scene.students[0].id}`)).toBe(1);
    expect(await ids(`&filter[skill_id]=${scene.lookups.skill.id}`)).toBe(8);
    expect(await ids('&filter[nationality]=AE')).toBe(3);
    expect(await ids('&filter[gender]=female')).toBeLessThan(3);
    expect(await ids('&filter[academic_year_id]=1')).toBe(0);
    expect(await ids('&filter[status]=3')).toBe(8);
    expect(await ids(`&platform_id=${scene.lookups.platform.id}`)).toBe(8);
    for (const bad of ['filter[type]=9', 'filter[gender]=other', 'filter[nationality]=arabia', 'sort=secret'])
      expect((await api('GET', `/api/reports?${bad}`)).statusCode, bad).toBe(400);
    const filters = reportFilters.parse((await api('GET', '/api/reports/filters')).json().data);
    expect(filters.schools.map((s) => s.id)).toContain(scene.school.id);
    expect(filters.types).toHaveLength(5);
    // Classes named with their school; a class's students only once classes are chosen (issue 41).
    expect(filters.classes).toContainEqual({
      id: scene.schoolClass.id,
      name_en: `${scene.schoolClass.name_en} · ${scene.school.name_en}`,
      name_ar: `${scene.schoolClass.name_ar} · ${scene.school.name_ar}`,
    });
    expect(filters.students).toEqual([]);
    const ofClass = reportFilters.parse(
      (await api('GET', `/api/reports/filters?filter[school_class_id]=${scene.schoolClass.id}`)).json().data,
    );
    // The three students with a report, and no one else.
    expect(ofClass.students.map((s) => s.id).sort()).toEqual(
      scene.students
        .slice(0, 3)
        .map((s) => s.id)
        .sort(),
    );
    expect((await api('GET', '/api/reports/filters?filter[school_class_id]=abc')).statusCode).toBe(400);
  });

  it('migrates a school as a job: migrating, then migrated with its results counted', async () => {
    const { runMigration } = await import('../../../src/server/reports/index');
    const started = await api('POST', '/api/schools/migrate/reports', { school_id: scene.school.id });
    expect(started.statusCode).toBe(200);
    expect(started.json().message).toBe('Migrating the school reports. Refresh after about 15 minutes.');
    const status = async () => (await api('GET', `/api/schools/status?filter[id]=${scene.school.id}`)).json().data[0];
    expect((await status()).migration.status.key).toBe('migrating');
    await runMigration(deps, scene.school.id);
    expect((await status()).migration).toMatchObject({ status: { key: 'migrated' }, results: 3 });
    expect((await api('POST', '/api/schools/migrate/reports', { school_id: 999999 })).statusCode).toBe(404);
  });

  it("keeps school staff to their own schools' reports: 404 for another's", async () => {
    const own = await signInSchoolStaff(t, [scene.school.id]);
    const stranger = await signInSchoolStaff(t, []);
    const [report] = await reportsOf('&filter[type]=1');
    expect((await api('GET', '/api/reports', undefined, own)).json().meta.total).toBe(8);
    expect((await api('GET', '/api/reports', undefined, stranger)).json().meta.total).toBe(0);
    // Nor the classes and students of another school among the filters, even when asked for by id.
    const theirs = (
      await api('GET', `/api/reports/filters?filter[school_class_id]=${scene.schoolClass.id}`, undefined, stranger)
    ).json().data;
    expect(theirs).toMatchObject({ classes: [], students: [] });
    expect((await api('GET', `/api/reports/${report.id}/view-pdf`, undefined, own)).statusCode).toBe(200);
    expect((await api('GET', `/api/reports/${report.id}/view-pdf`, undefined, stranger)).statusCode).toBe(404);
    const download = { language: 'en', report_ids: [report.id] };
    expect((await api('POST', '/api/reports/download', download, own)).statusCode).toBe(200);
    expect((await api('POST', '/api/reports/download', download, stranger)).statusCode).toBe(404);
    // School staff view and download, but do not generate.
    expect(
      (await api('POST', '/api/schools/reports', { school_id: scene.school.id, correction_status_ids: [3] }, own))
        .statusCode,
    ).toBe(403);
    expect((await api('POST', '/api/schools/migrate/reports', { school_id: scene.school.id }, own)).statusCode).toBe(
      403,
    );
  });

  it('lets authors generate and download but keeps students and correctors out', async () => {
    const author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
    const corrector = scene.corrector;
    const student = await signIn(t.app, await buildUser(t.db, { role: ROLES.student }));
    expect((await api('GET', '/api/reports', undefined, author)).statusCode).toBe(200);
    expect(
      (await api('POST', '/api/grades/reports', { school_id: scene.school.id, correction_status_ids: [3] }, author))
        .statusCode,
    ).toBe(200);
    for (const who of [corrector, student]) {
      expect((await api('GET', '/api/reports', undefined, who)).statusCode).toBe(403);
      expect((await api('POST', '/api/reports/download', { language: 'en', report_ids: [1] }, who)).statusCode).toBe(
        403,
      );
      expect((await api('POST', '/api/schools/reports', {}, who)).statusCode).toBe(403);
    }
    expect((await call(t.app, 'GET', '/api/reports')).statusCode).toBe(401);
  });
});
