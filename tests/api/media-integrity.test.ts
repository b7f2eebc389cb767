import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../schemas/index';
import { ROLES } from '../../src/common/permissions';
import { ManualClock } from '../../src/server/clock';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { buildUser, signIn } from '../helpers/factories';
import { PNG_1X1, wav } from '../helpers/media-fixtures';
import { buildSpokenScene, uploadAs } from '../helpers/spoken-scene';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Issue 23, integrity of spoken answers: a spoken answer is audio by its bytes, for a spoken
 * question of the student's own running attempt; a recording an answer names cannot be deleted;
 * every deletion is in the append-only audit log; recordings are never cached.
 */
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
let t: TestContext;
let registry: SchemaRegistry;
beforeAll(async () => {
  t = await createTestApp({}, clock);
  registry = await loadSchemaRegistry();
}, 60_000);
afterAll(() => t.close());
beforeEach(() => clock.set('2026-06-05T09:00:00Z'));

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const DOCX = Buffer.from(
  zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    'word/document.xml': strToU8('<?xml version="1.0"?><w:document/>'),
  }),
);
const OLE = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1024)]);

const counts = async () => ({
  media: (await t.db.selectFrom('media').select('id').execute()).length,
  reserved: (await t.db.selectFrom('media_upload_reservations').select('id').execute()).length,
});

describe('a spoken answer', () => {
  it.each([
    ['a PDF', 'answer.pdf', PDF],
    ['a Word document', 'answer.docx', DOCX],
    ['an OLE (.doc) file', 'answer.doc', OLE],
    ['an image', 'answer.png', PNG_1X1],
  ])('is refused when it is %s, in both languages, and nothing is stored', async (_what, name, content) => {
    const s = await buildSpokenScene(t.app, t.db, registry);
    const me = s.student(0);
    await me.start();
    const before = await counts();
    const label = `exams/questions/${s.q.spoken.id}/audio_responses`;
    const en = await uploadAs(t.app, me.cookie, label, { name, content });
    expect([en.statusCode, en.json().errors]).toEqual([422, { file: ['A spoken answer must be an audio recording.'] }]);
    const ar = await uploadAs(t.app, me.cookie, label, { name, content }, 'ar');
    expect(ar.json().errors).toEqual({ file: ['يجب أن تكون الإجابة الشفهية تسجيلًا صوتيًا.'] });
    expect(await counts()).toEqual(before);
  });

  it('is refused for a question that is not a spoken one of an exam the student is taking now, the same way each time', async () => {
    const s = await buildSpokenScene(t.app, t.db, registry);
    const other = await buildSpokenScene(t.app, t.db, registry);
    const me = s.student(0);
    const refusal = { label: ['This recording is not for a spoken question of an exam you are taking now.'] };
    const refused = async (questionId: number) => {
      const response = await me.record(questionId);
      return [response.statusCode, response.json().errors];
    };
    // Not started yet.
    expect(await refused(s.q.spoken.id)).toEqual([422, refusal]);
    await me.start();
    // Another kind of question, another school's exam, no such question.
    expect(await refused(s.q.trueFalse.id)).toEqual([422, refusal]);
    expect(await refused(other.q.spoken.id)).toEqual([422, refusal]);
    expect(await refused(2_000_000_000)).toEqual([422, refusal]);
    // The spoken question itself, and a paragraph's spoken question: taken.
    expect((await me.record(s.q.spoken.id)).statusCode).toBe(201);
    expect((await me.record(s.q.paragraph.id)).statusCode).toBe(201);
    // Past the deadline and its grace, or once submitted: refused again.
    clock.advance(45 * 60 + 61);
    expect(await refused(s.q.spoken.id)).toEqual([422, refusal]);
    const next = s.student(1);
    await next.start();
    await next.submit();
    const late = await next.record(s.q.spoken.id);
    expect([late.statusCode, late.json().errors]).toEqual([422, refusal]);
    // Staff may not upload spoken answers for anyone, an administrator included.
    const admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
    const label = `exams/questions/${s.q.spoken.id}/audio_responses`;
    const staff = await uploadAs(t.app, admin, label, { name: 'a.wav', content: wav() });
    expect([staff.statusCode, staff.json().errors]).toEqual([422, refusal]);
  });

  it('is never kept by a browser, while exam content may be for a day', async () => {
    const s = await buildSpokenScene(t.app, t.db, registry);
    const me = s.student(0);
    await me.start();
    const recording = (await me.record()).json().data;
    const served = await t.app.inject({ method: 'GET', url: recording.preview_url, headers: { cookie: me.cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('no-store');
    const picture = await uploadAs(t.app, s.author, 'questions/media', { name: 'p.png', content: PNG_1X1 });
    const content = await t.app.inject({
      method: 'GET',
      url: picture.json().data.preview_url,
      headers: { cookie: s.author },
    });
    expect(content.headers['cache-control']).toBe('private, max-age=86400');
  });
});

describe('deleting media', () => {
  it('refuses to delete a recording an answer names (418, both languages); the corrector still hears it', async () => {
    const s = await buildSpokenScene(t.app, t.db, registry);
    const me = s.student(0);
    await me.start();
    const recording = (await me.record()).json().data;
    expect((await me.answer(recording.relative_path)).statusCode).toBe(200);
    await me.submit();
    const url = `/api/media/${recording.file_name}`;
    const remove = (lang: string) =>
      t.app.inject({
        method: 'DELETE',
        url,
        headers: { cookie: me.cookie, 'x-requested-with': 'XMLHttpRequest', 'accept-language': lang },
      });
    const en = await remove('en');
    expect([en.statusCode, en.json()]).toEqual([
      418,
      { message: 'This recording is part of an answer, so it cannot be deleted.' },
    ]);
    expect((await remove('ar')).json()).toEqual({ message: 'هذا التسجيل جزء من إجابة، لذا لا يمكن حذفه.' });
    const corrector = await signIn(t.app, await buildUser(t.db, { role: ROLES.corrector }));
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: corrector } })).statusCode).toBe(200);
    const audited = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('target', '=', `media/${recording.file_name}`)
      .execute();
    expect(audited).toEqual([]);
  });

  it('audits every deletion (who, when, from where, which file, in which request)', async () => {
    const s = await buildSpokenScene(t.app, t.db, registry);
    const me = s.student(0);
    await me.start();
    // Recorded again: the first recording is no longer the answer, and its student may delete it.
    const first = (await me.record()).json().data;
    await me.answer(first.relative_path);
    const second = (await me.record()).json().data;
    await me.answer(second.relative_path);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/media/${first.file_name}`,
      headers: { cookie: me.cookie, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const user = await t.db
      .selectFrom('students')
      .select('user_id')
      .where('id', '=', s.students[0].id)
      .executeTakeFirstOrThrow();
    const row = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target', '=', `media/${first.file_name}`)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      actor_id: user.user_id,
      action: 'media.delete',
      address: '127.0.0.1',
      request_id: removed.headers['x-request-id'],
    });
    expect(new Date(row.at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const summary = typeof row.summary === 'string' ? JSON.parse(row.summary) : row.summary;
    expect(summary).toMatchObject({ label: `exams/questions/${s.q.spoken.id}/audio_responses`, kind: 'audio' });
  });

  it('keeps the audit log append-only: the database refuses to change or delete its rows', async () => {
    const s = await buildSpokenScene(t.app, t.db, registry);
    const picture = (await uploadAs(t.app, s.author, 'questions/media', { name: 'p.png', content: PNG_1X1 })).json()
      .data;
    await t.app.inject({
      method: 'DELETE',
      url: `/api/media/${picture.file_name}`,
      headers: { cookie: s.author, 'x-requested-with': 'XMLHttpRequest' },
    });
    const target = `media/${picture.file_name}`;
    await expect(
      t.db.updateTable('audit_log').set({ action: 'nothing' }).where('target', '=', target).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('audit_log').where('target', '=', target).execute()).rejects.toThrow(/append-only/);
    expect(await t.db.selectFrom('audit_log').select('action').where('target', '=', target).execute()).toEqual([
      { action: 'media.delete' },
    ]);
  });
});
