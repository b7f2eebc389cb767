import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/common/permissions';
import { ManualClock } from '../../src/server/clock';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { buildUser, signIn } from '../helpers/factories';
import { mp3, multipartBody, PNG_1X1, wav } from '../helpers/media-fixtures';
import { buildSpokenScene } from '../helpers/spoken-scene';
import { createTestApp, type TestContext } from '../helpers/test-app';

let t: TestContext;
let author: string;

beforeAll(async () => {
  // Within the spoken-answer scenes' exam window: students record while their attempt runs.
  t = await createTestApp({}, new ManualClock(new Date('2026-06-05T09:00:00Z')));
  author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
});
afterAll(() => t.close());

function upload(
  fields: Record<string, string>,
  file?: { name: string; content: Buffer; type?: string },
  options: { cookie?: string; lang?: 'en' | 'ar' } = {},
) {
  const { payload, contentType } = multipartBody(fields, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload-media',
    headers: {
      'content-type': contentType,
      'x-requested-with': 'XMLHttpRequest',
      'accept-language': options.lang ?? 'en',
      ...(options.cookie !== '' ? { cookie: options.cookie ?? author } : {}),
    },
    payload,
  });
}

const mediaCount = async () => (await t.db.selectFrom('media').select('id').execute()).length;

describe('POST /api/upload-media', () => {
  it.each([
    ['a wav', 'recording.wav', wav(), 'audio/wav', 'wav'],
    ['an mp3', 'song.mp3', mp3(), 'audio/mpeg', 'mp3'],
    ['a png', 'picture.png', PNG_1X1, 'image/png', 'png'],
  ])(
    'accepts %s and serves it back byte for byte with its type and nosniff',
    async (_label, name, content, mime, ext) => {
      const response = await upload({ label: 'questions/media' }, { name, content });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({
        status: 'success',
        message: 'File uploaded successfully',
        data: { success: true, label: 'questions/media' },
      });
      expect(body.data.file_name).toMatch(new RegExp(`^[0-9a-f]{32}\\.${ext}$`));
      expect(body.data.file_name).not.toContain(name.split('.')[0]);
      expect(body.data.relative_path).toBe(`media/${body.data.file_name}`);

      const served = await t.app.inject({ method: 'GET', url: body.data.preview_url, headers: { cookie: author } });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(mime);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-disposition']).toMatch(/^inline/);
      expect(Buffer.compare(served.rawPayload, content)).toBe(0);
    },
  );

  it('refuses a file named .mp3 that contains HTML, and stores nothing', async () => {
    const before = await mediaCount();
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    const response = await upload({ label: 'questions' }, { name: 'song.mp3', content: html, type: 'audio/mpeg' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ file: ['This type of file is not allowed'] });
    expect(await mediaCount()).toBe(before);
  });

  it("refuses an oversized file by its kind's limit", async () => {
    const bigPng = Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await upload({ label: 'questions' }, { name: 'big.png', content: bigPng }, { lang: 'ar' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ file: ['حجم الملف كبير جدًا'] });
    const huge = await upload(
      { label: 'questions' },
      { name: 'huge.wav', content: Buffer.concat([wav(), Buffer.alloc(21 * 1024 * 1024)]) },
    );
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors.file).toEqual(['The file is too large']);
  });

  it.each(['../../etc/passwd', '/absolute/path', 'a\\b', 'exams/../secret', '.hidden', 'x'.repeat(201)])(
    'refuses the path-like label %s',
    async (label) => {
      const response = await upload({ label }, { name: 'a.png', content: PNG_1X1 });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.label).toEqual([
        'The media label may contain only letters, digits, dashes, underscores and slashes',
      ]);
    },
  );

  it('needs a selected file and a label', async () => {
    const response = await upload({});
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ file: ['Please select a file'], label: ['Please enter a media label'] });
    const empty = await upload({ label: 'questions' }, { name: 'empty.png', content: Buffer.alloc(0) });
    expect(empty.json().errors).toEqual({ file: ['Please select a file'] });
  });

  it('needs a session and the CSRF header', async () => {
    expect((await upload({ label: 'q' }, { name: 'a.png', content: PNG_1X1 }, { cookie: '' })).statusCode).toBe(401);
    const { payload, contentType } = multipartBody({ label: 'q' }, { name: 'a.png', content: PNG_1X1 });
    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/api/upload-media',
      headers: { 'content-type': contentType, cookie: author },
      payload,
    });
    expect(noHeader.statusCode).toBe(403);
  });
});

describe('documents and removal', () => {
  it('serves a PDF as an attachment with the original name as metadata only', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const response = await upload({ label: 'reports' }, { name: '../../تقرير.pdf', content: pdf });
    expect(response.statusCode, response.body).toBe(201);
    const served = await t.app.inject({
      method: 'GET',
      url: response.json().data.preview_url,
      headers: { cookie: author },
    });
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="[0-9a-f]{32}\.pdf"/);
    expect(served.headers['content-disposition']).not.toContain('/');
  });

  it('lets the owner or an admin remove an upload, and nobody else', async () => {
    const response = await upload({ label: 'questions' }, { name: 'a.png', content: PNG_1X1 });
    const url = `/api/media/${response.json().data.file_name}`;
    const other = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
    const del = (cookie: string) =>
      t.app.inject({ method: 'DELETE', url, headers: { cookie, 'x-requested-with': 'XMLHttpRequest' } });
    expect((await del(other)).statusCode).toBe(403);
    expect((await del(author)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: author } })).statusCode).toBe(404);
  });

  it('answers 404 for unknown or malformed names without touching the disk', async () => {
    for (const name of ['nope.png', '..%2F..%2Fetc%2Fpasswd', 'a'.repeat(81)]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/media/${name}`, headers: { cookie: author } });
      expect([400, 404], name).toContain(response.statusCode);
    }
  });
});

describe('who may upload and read', () => {
  /** A student whose attempt of an exam with a spoken question runs, and that question's label. */
  async function recordingStudent() {
    const scene = await buildSpokenScene(t.app, t.db, await loadSchemaRegistry());
    const me = scene.student(0);
    expect((await me.start()).statusCode).toBe(200);
    return { student: me.cookie, label: `exams/questions/${scene.q.spoken.id}/audio_responses` };
  }

  it('lets students upload spoken answers only, and authors content only', async () => {
    const { student, label: ANSWER_LABEL } = await recordingStudent();
    const spoken = await upload({ label: ANSWER_LABEL }, { name: 'answer.wav', content: wav() }, { cookie: student });
    expect(spoken.statusCode, spoken.body).toBe(201);
    const before = await mediaCount();
    expect(
      (await upload({ label: 'questions/media' }, { name: 'a.png', content: PNG_1X1 }, { cookie: student })).statusCode,
    ).toBe(403);
    expect((await upload({ label: ANSWER_LABEL }, { name: 'a.wav', content: wav() })).statusCode).toBe(403);
    const school = await signIn(t.app, await buildUser(t.db, { role: ROLES.school }));
    expect(
      (await upload({ label: 'questions/media' }, { name: 'a.png', content: PNG_1X1 }, { cookie: school })).statusCode,
    ).toBe(403);
    expect(await mediaCount()).toBe(before);
  });

  it('serves content to staff who see the bank or exams, and to nobody else', async () => {
    const url = (await upload({ label: 'questions/media' }, { name: 'a.png', content: PNG_1X1 })).json().data
      .preview_url;
    const get = (cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
    const corrector = await signIn(t.app, await buildUser(t.db, { role: ROLES.corrector }));
    const otherAuthor = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
    const student = await signIn(t.app, await buildUser(t.db, { role: ROLES.student }));
    const school = await signIn(t.app, await buildUser(t.db, { role: ROLES.school }));
    expect((await get(otherAuthor)).statusCode).toBe(200);
    expect((await get(corrector)).statusCode).toBe(200); // correctors view exams
    expect((await get(student)).statusCode).toBe(404);
    expect((await get(school)).statusCode).toBe(404);
  });

  it('serves a spoken answer to its student and to correctors, and hides it from other students and authors', async () => {
    const { student: owner, label: ANSWER_LABEL } = await recordingStudent();
    const url = (
      await upload({ label: ANSWER_LABEL }, { name: 'answer.wav', content: wav() }, { cookie: owner })
    ).json().data.preview_url;
    const get = (cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect((await get(owner)).statusCode).toBe(200);
    expect((await get(await signIn(t.app, await buildUser(t.db, { role: ROLES.corrector })))).statusCode).toBe(200);
    expect((await get(await signIn(t.app, await buildUser(t.db, { role: ROLES.student })))).statusCode).toBe(404);
    expect((await get(author)).statusCode).toBe(404);
  });

  it('refuses uploads past the daily quota with 429 and stores nothing', async () => {
    const quota = await createTestApp({ mediaDailyQuotaMb: 1 });
    try {
      const cookie = await signIn(quota.app, await buildUser(quota.db, { role: ROLES.author }));
      const send = (lang: 'en' | 'ar' = 'en') => {
        const { payload, contentType } = multipartBody(
          { label: 'questions/media' },
          { name: 'a.wav', content: wav(300_000) },
        );
        return quota.app.inject({
          method: 'POST',
          url: '/api/upload-media',
          headers: {
            'content-type': contentType,
            'x-requested-with': 'XMLHttpRequest',
            cookie,
            'accept-language': lang,
          },
          payload,
        });
      };
      expect((await send()).statusCode).toBe(201);
      const refused = await send('ar');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toContain('1 ميغابايت');
      expect((await quota.db.selectFrom('media').select('id').execute()).length).toBe(1);
    } finally {
      await quota.close();
    }
  });

  it('answers malformed multipart bodies with 400', async () => {
    const send = (contentType: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/upload-media',
        headers: { 'content-type': contentType, 'x-requested-with': 'XMLHttpRequest', cookie: author },
        payload,
      });
    const truncated =
      '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG';
    for (const [type, body] of [
      ['multipart/form-data', 'abc'],
      ['multipart/form-data; boundary=XX', truncated],
      ['multipart/form-data; boundary=XX', 'garbage'],
    ]) {
      const response = await send(type, body);
      expect(response.statusCode, `${type} ${body.slice(0, 20)}`).toBe(400);
      expect(response.json().message).toBe('The upload could not be read. Please choose the file again and retry.');
    }
  });
});
