import { createHash } from 'node:crypto';
import { parse } from 'plist';
import { describe, expect, it } from 'vitest';
import { call } from '../../helpers/api-client';
import { assign, buildDeliveryScene } from '../../helpers/delivery-factory';
import { author, registry, t, useStudentExamApp } from './student-exam-scene';

/**
 * Issue 46, Safe Exam Browser: an exam that requires it refuses every request of a student's
 * attempt that lacks the Config Key hash SEB sends, computed here as SEB computes it from the .seb
 * file the server gives (SEB's "Config Key" page: SEB-JSON of the settings, SHA-256; then SHA-256 of
 * the request's absolute URL followed by that key).
 */
useStudentExamApp();

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
type Plist = string | number | boolean | Date | Uint8Array | Plist[] | { [key: string]: Plist };
/** SEB-JSON written from SEB's page, apart from the server's: sorted keys, no spaces, no escaping. */
function sebJsonAsSebDoes(value: Plist, top = true): string {
  if (Array.isArray(value)) return `[${value.map((v) => sebJsonAsSebDoes(v, false)).join(',')}]`;
  if (typeof value === 'string') return `"${value}"`;
  if (value instanceof Uint8Array) return `"${Buffer.from(value).toString('base64')}"`;
  if (value instanceof Date) return `"${value.toISOString()}"`;
  if (typeof value !== 'object') return String(value);
  const keys = Object.keys(value)
    .filter((key) => !(top && key === 'originatorVersion'))
    .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase(), 'en'));
  return `{${keys.map((key) => `"${key}":${sebJsonAsSebDoes(value[key]!, false)}`).join(',')}}`;
}
const configKeyOf = (seb: string) => sha256(sebJsonAsSebDoes(parse(seb) as Plist));
const headerFor = (url: string, configKey: string) => ({
  'x-safeexambrowser-configkeyhash': sha256(`${t.app.config.publicUrl}${url}` + configKey),
});

async function sitting(safeExamBrowser: boolean, browserExamKeys: string[] = []) {
  const scene = await buildDeliveryScene(t.app, t.db, registry, {
    questions: [{ kind: 'true_false', key: { correct: true } }],
    exam: { safe_exam_browser: safeExamBrowser, seb_browser_exam_keys: browserExamKeys },
  });
  const assigned = await assign(t.app, author, scene.exam.id, {
    start_date_time: '2026-06-02 08:00:00',
    end_date_time: '2026-06-20 15:00:00',
    student_ids: [scene.students[0].id],
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  const { id } = await t.db
    .selectFrom('student_exams')
    .select('id')
    .where('exam_id', '=', scene.exam.id)
    .executeTakeFirstOrThrow();
  const as = (
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    headers: Record<string, string> = {},
    body?: unknown,
    lang: 'en' | 'ar' = 'en',
  ) => call(t.app, method, `/api/student/exams/${id}${path}`, body, { cookie: scene.studentCookie, headers, lang });
  return { scene, id, as };
}

describe('an exam that requires Safe Exam Browser', () => {
  it('gives its .seb file to its staff and to the launch link, and to no one else', async () => {
    const { scene } = await sitting(true);
    const file = await call(t.app, 'GET', `/api/exams/${scene.exam.id}/seb-config`, undefined, { cookie: author });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/seb/);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="exam-${scene.exam.id}.seb"`);
    const settings = parse(file.body) as Record<string, unknown>;
    expect(settings).toMatchObject({
      startURL: `${t.app.config.publicUrl}/my-exams?exam=${scene.exam.id}`,
      sendBrowserExamKey: true,
    });
    const launched = await call(t.app, 'GET', `/api/seb/exams/${scene.exam.id}/config.seb`);
    expect(launched.statusCode).toBe(200);
    expect(launched.body).toBe(file.body);

    expect((await call(t.app, 'GET', `/api/exams/${scene.exam.id}/seb-config`)).statusCode).toBe(401);
    const student = await call(t.app, 'GET', `/api/exams/${scene.exam.id}/seb-config`, undefined, {
      cookie: scene.studentCookie,
    });
    expect(student.statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/exams/999999/seb-config`, undefined, { cookie: author })).statusCode).toBe(
      404,
    );
    const plain = await sitting(false);
    expect((await call(t.app, 'GET', `/api/seb/exams/${plain.scene.exam.id}/config.seb`)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/seb/exams/999999/config.seb')).statusCode).toBe(404);
  });

  it('refuses the attempt without the Config Key hash, with a wrong one, or one made for another address or exam', async () => {
    const { scene, id, as } = await sitting(true);
    const other = await sitting(true);
    const seb = (await call(t.app, 'GET', `/api/seb/exams/${scene.exam.id}/config.seb`)).body;
    const otherSeb = (await call(t.app, 'GET', `/api/seb/exams/${other.scene.exam.id}/config.seb`)).body;
    const key = configKeyOf(seb);
    expect(configKeyOf(otherSeb)).not.toBe(key);
    const start = `/api/student/exams/${id}/start`;

    const bare = await as('POST', '/start');
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toEqual({
      message:
        'This exam can only be taken in Safe Exam Browser. Open it with the Safe Exam Browser link; your answers saved so far are kept.',
      data: {
        safe_exam_browser: {
          launch_url: `${t.app.config.publicUrl.replace(/^http/, 'seb')}/api/seb/exams/${scene.exam.id}/config.seb`,
        },
      },
    });
    const arabic = await as('POST', '/start', {}, undefined, 'ar');
    expect(arabic.statusCode).toBe(403);
    expect(arabic.json().message).toMatch(/^لا يمكن أداء هذا الاختبار إلا في متصفّح الاختبار الآمن/);

    const refusals: Record<string, string>[] = [
      { 'x-safeexambrowser-configkeyhash': 'not-a-hash' },
      { 'x-safeexambrowser-configkeyhash': sha256('anything') },
      headerFor(`/api/student/exams/${id}/attempt`, key), // another address
      headerFor(start, configKeyOf(otherSeb)), // another exam's key
      { 'x-safeexambrowser-configkeyhash': sha256(start + key) }, // the path alone, not the absolute URL
    ];
    for (const headers of refusals) expect((await as('POST', '/start', headers)).statusCode).toBe(403);
    const unstarted = await t.db
      .selectFrom('student_exams')
      .select('started_at')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(unstarted).toEqual({ started_at: null });

    const started = await as('POST', '/start', headerFor(start, key));
    expect(started.statusCode, started.body).toBe(200);
    const view = `/api/student/exams/${id}/attempt`;
    expect((await as('GET', '/attempt', headerFor(view, key))).statusCode).toBe(200);
    // Upper-case Base16 is the same hash.
    const upper = {
      'x-safeexambrowser-configkeyhash': headerFor(view, key)['x-safeexambrowser-configkeyhash']!.toUpperCase(),
    };
    expect((await as('GET', '/attempt', upper)).statusCode).toBe(200);
    expect((await as('GET', '/attempt')).statusCode).toBe(403);

    // Every other request of the attempt is refused the same way, and passes with its own hash.
    const attemptId = started.json().data.id;
    const others: ['POST' | 'PUT', string, unknown][] = [
      ['POST', '/heartbeat', { attempt_id: attemptId, unsent: 0 }],
      ['PUT', '/flags', { attempt_id: attemptId, flags: [] }],
    ];
    for (const [method, path, body] of others) {
      expect((await as(method, path, {}, body)).statusCode, path).toBe(403);
      const passed = await as(method, path, headerFor(`/api/student/exams/${id}${path}`, key), body);
      expect(passed.statusCode, `${path} ${passed.body}`).toBe(200);
    }
    // The URL is the whole address: a query string is hashed with it.
    const withQuery = `/api/student/exams/${id}/attempt?view=1`;
    expect((await as('GET', '/attempt?view=1', headerFor(view, key))).statusCode).toBe(403);
    expect((await as('GET', '/attempt?view=1', headerFor(withQuery, key))).statusCode).toBe(200);

    const question = started.json().data.questions[0].id;
    const save = { answers: [{ question_id: question, answer: { value: true }, seq: 1 }] };
    expect((await as('PUT', '/answers', {}, save)).statusCode).toBe(403);
    const saved = await as('PUT', '/answers', headerFor(`/api/student/exams/${id}/answers`, key), save);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await as('POST', '/submit')).statusCode).toBe(403);
    expect((await as('POST', '/submit', headerFor(`/api/student/exams/${id}/submit`, key))).statusCode).toBe(200);
    // Submitted, its result may be read outside SEB; nothing may be changed there.
    expect((await as('GET', '/attempt')).statusCode).toBe(200);
    expect((await as('PUT', '/answers', {}, save)).statusCode).toBe(403);
  });

  it('with Browser Exam Keys, also asks for the Request Hash of one of them, as SEB computes it', async () => {
    // What SEB shows as its Browser Exam Key (a SHA-256 of its build and settings): two builds allowed.
    const [macBuild, windowsBuild, otherBuild] = ['mac 3.4', 'windows 3.8', 'ios 3.4'].map(sha256);
    const { scene, id, as } = await sitting(true, [macBuild, windowsBuild.toUpperCase()]);
    const key = configKeyOf((await call(t.app, 'GET', `/api/seb/exams/${scene.exam.id}/config.seb`)).body);
    const start = `/api/student/exams/${id}/start`;
    const requestHash = (url: string, browserExamKey: string) => ({
      'x-safeexambrowser-requesthash': sha256(`${t.app.config.publicUrl}${url}` + browserExamKey),
    });
    const refusals: Record<string, string>[] = [
      headerFor(start, key), // the Config Key alone
      { ...headerFor(start, key), ...requestHash(start, otherBuild) }, // a build not allowed
      { ...headerFor(start, key), ...requestHash(`/api/student/exams/${id}/attempt`, macBuild) }, // another address
      { ...requestHash(start, macBuild) }, // the Browser Exam Key alone
      { ...headerFor(start, key), 'x-safeexambrowser-requesthash': 'not-a-hash' },
    ];
    for (const headers of refusals) expect((await as('POST', '/start', headers)).statusCode).toBe(403);
    const started = await as('POST', '/start', { ...headerFor(start, key), ...requestHash(start, windowsBuild) });
    expect(started.statusCode, started.body).toBe(200);
    const view = `/api/student/exams/${id}/attempt`;
    expect((await as('GET', '/attempt', { ...headerFor(view, key), ...requestHash(view, macBuild) })).statusCode).toBe(
      200,
    );
  });

  it('keeps only Browser Exam Keys as SEB shows them (64 hexadecimal digits), in the reader’s language', async () => {
    const { scene } = await sitting(true);
    // Edited as an author does: before it is published.
    await t.db.updateTable('exams').set({ is_published: false }).where('id', '=', scene.exam.id).execute();
    const exam = (await call(t.app, 'GET', `/api/exams/${scene.exam.id}`, undefined, { cookie: author })).json().data;
    const put = (keys: unknown, lang: 'en' | 'ar' = 'en') =>
      call(
        t.app,
        'PUT',
        `/api/exams/${scene.exam.id}`,
        { ...exam, seb_browser_exam_keys: keys },
        { cookie: author, lang },
      );
    const en = await put(['abc']);
    expect([en.statusCode, en.json().errors.seb_browser_exam_keys]).toEqual([
      422,
      ['A Browser Exam Key is 64 characters, the digits 0–9 and the letters a–f'],
    ]);
    const ar = await put([sha256('x').replace(/[0-9]/, 'g')], 'ar');
    expect([ar.statusCode, ar.json().errors.seb_browser_exam_keys]).toEqual([
      422,
      ['مفتاح متصفّح الاختبار 64 محرفًا من الأرقام 0–9 والحروف a–f'],
    ]);
    const stored = await t.db
      .selectFrom('exams')
      .select('seb_browser_exam_keys')
      .where('id', '=', scene.exam.id)
      .executeTakeFirstOrThrow();
    expect(stored.seb_browser_exam_keys).toEqual([]);
    const saved = await put([sha256('mac 3.4')]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.seb_browser_exam_keys).toEqual([sha256('mac 3.4')]);
  });

  it("tells another student nothing of someone else's assignment: the route's 404, no launch link", async () => {
    const { id } = await sitting(true);
    const other = await sitting(false);
    const probe = await call(t.app, 'POST', `/api/student/exams/${id}/start`, undefined, {
      cookie: other.scene.studentCookie,
    });
    expect(probe.statusCode).toBe(404);
    expect(probe.json().data).toBeUndefined();
    const none = await call(t.app, 'POST', '/api/student/exams/999999/start', undefined, {
      cookie: other.scene.studentCookie,
    });
    expect(none.statusCode).toBe(404);
  });

  it('leaves an exam that does not require it as it was', async () => {
    const { as } = await sitting(false);
    const started = await as('POST', '/start');
    expect(started.statusCode, started.body).toBe(200);
  });
});
