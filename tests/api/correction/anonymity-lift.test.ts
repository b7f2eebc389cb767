import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../../src/common/permissions';
import { ManualClock } from '../../../src/server/clock';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { createUser } from '../../../src/server/users/users-service';
import { call } from '../../helpers/api-client';
import { auditRows } from '../../helpers/audit-rows';
import { buildCorrectionScene } from '../../helpers/correction-factory';
import { examBody } from '../../helpers/exam-factory';
import { buildUser, signIn, TEST_PASSWORD } from '../../helpers/factories';
import { createTestApp, type TestContext } from '../../helpers/test-app';

/**
 * Issue 39: an administrator may lift an anonymously marked exam's anonymity before its marking
 * closes, with a reason, audited; after it no side holds. Every refusal changes nothing.
 */
let t: TestContext;
let scene: Awaited<ReturnType<typeof buildCorrectionScene>>;
let admin: string;
let author: string;
let markerAuthor: string;
beforeAll(async () => {
  t = await createTestApp({}, new ManualClock(new Date('2026-06-05T09:00:00Z')));
  const registry = await loadSchemaRegistry();
  scene = await buildCorrectionScene(t.app, t.db, registry, {
    count: 3,
    unsubmitted: 1,
    exam: { anonymous_marking: true },
  });
  admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
  author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
  const both = { name: 'Marker and author', email: 'lift-marker@example.test', password: TEST_PASSWORD };
  await createUser(t.db, { ...both, roles: [ROLES.corrector, ROLES.author] });
  markerAuthor = await signIn(t.app, both);
}, 120_000);
afterAll(() => t.close());

const lift = (examId: number, body: unknown, cookie?: string, lang: 'en' | 'ar' = 'en') =>
  call(t.app, 'POST', `/api/exams/${examId}/anonymity/lift`, body, { cookie, lang });
const lifts = () => t.db.selectFrom('anonymity_lifts').selectAll().execute();

describe('lifting anonymity', () => {
  it('refuses whoever may not, a missing reason, an unknown exam and one marked by name, changing nothing', async () => {
    const reason = { reason: 'A parent disputes the mark' };
    expect((await lift(scene.exam.id, reason)).statusCode).toBe(401);
    expect((await lift(scene.exam.id, reason, author)).statusCode).toBe(403);
    expect((await lift(scene.exam.id, reason, markerAuthor)).statusCode).toBe(403);
    for (const body of [{}, { reason: ' x ' }, { reason: 'A'.repeat(501) }, { ...reason, extra: 1 }]) {
      const refused = await lift(scene.exam.id, body, admin, 'ar');
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
    }
    const arabic = await lift(scene.exam.id, { reason: 'x' }, admin, 'ar');
    expect(arabic.json().errors.reason[0]).toMatch(/[\u0600-\u06FF]/);
    expect((await lift(999_999, reason, admin)).statusCode).toBe(404);
    const named = (await call(t.app, 'POST', '/api/exams', examBody(scene.lookups), { cookie: author })).json().data;
    const byName = await lift(named.id, reason, admin);
    expect(byName.statusCode).toBe(418);
    expect(byName.json().message).toBe('Only an exam marked anonymously has an anonymity to lift.');
    expect(await lifts()).toEqual([]);
    expect(await auditRows(t.db, 'exams.lift_anonymity')).toEqual([]);
  });

  it('lets a marker read by name, and a named reader by code, once lifted; audited with its reason, never twice', async () => {
    const exam = `/api/exams/${scene.exam.id}`;
    const get = (path: string, cookie: string) => call(t.app, 'GET', path, undefined, { cookie });
    // The marker reads by code: the monitor is refused them while marking is open.
    expect((await get(`${exam}/assigned/students`, markerAuthor)).statusCode).toBe(200);
    expect((await get(`${exam}/monitor`, markerAuthor)).statusCode).toBe(403);
    // The administrator reads by name: the codes are refused them.
    const before = await get(`${exam}/monitor`, admin);
    expect(before.statusCode).toBe(200);
    expect(before.json().data.exam.anonymity).toBe('held');
    expect((await get(`${exam}/assigned/students`, admin)).statusCode).toBe(403);

    const lifted = await lift(scene.exam.id, { reason: '  A parent disputes the mark  ' }, admin);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json().data).toMatchObject({ exam_id: scene.exam.id, lifted_at: '2026-06-05T09:00:00.000Z' });
    const [row] = await auditRows(t.db, 'exams.lift_anonymity', `exams/${scene.exam.id}`);
    expect(row).toMatchObject({
      reason: 'A parent disputes the mark',
      // The administrator read the monitor first: the log says they lifted it from the name side.
      summary: { before: { anonymity: 'held' }, after: { anonymity: 'lifted' }, sides_taken: 2, lifter_side: 'name' },
    });

    const after = await get(`${exam}/monitor`, markerAuthor);
    expect(after.statusCode).toBe(200);
    expect(after.json().data.exam.anonymity).toBe('lifted');
    expect((await get(`${exam}/assigned/students`, admin)).statusCode).toBe(200);

    const again = await lift(scene.exam.id, { reason: 'Once more' }, admin, 'ar');
    expect(again.statusCode).toBe(418);
    expect(again.json().message).toBe('رُفعت سرّية هذا الاختبار من قبل.');
    expect(await lifts()).toHaveLength(1);
    expect(await auditRows(t.db, 'exams.lift_anonymity')).toHaveLength(1);
  });
});
