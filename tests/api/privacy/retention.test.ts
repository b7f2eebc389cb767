import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../../schemas/index';
import { ROLES } from '../../../src/common/permissions';
import { ManualClock } from '../../../src/server/clock';
import { ConfigError, loadConfig } from '../../../src/server/config';
import { applyRetention } from '../../../src/server/privacy/index';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { call } from '../../helpers/api-client';
import { buildCorrectionScene } from '../../helpers/correction-factory';
import { buildUser, signIn } from '../../helpers/factories';
import { signInSchoolStaff } from '../../helpers/report-factory';
import { createTestApp, type TestContext } from '../../helpers/test-app';

/**
 * Issue 45, retention: recordings kept 30 days after their results are released, leavers erased 5
 * years after they were made inactive. The dry run lists what is due and changes nothing; the
 * daily job deletes exactly that, keeping the scores.
 */
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
let t: TestContext;
let registry: SchemaRegistry;
let admin: string;
let scene: Awaited<ReturnType<typeof buildCorrectionScene>>;

beforeAll(async () => {
  t = await createTestApp({ retention: { recordingsDays: 30, leaversYears: 5 } }, clock);
  registry = await loadSchemaRegistry();
  admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
  scene = await buildCorrectionScene(t.app, t.db, registry, { count: 3 });
  const released = ['2026-04-01T08:00:00Z', '2026-06-01T08:00:00Z', null];
  for (const [index, student] of scene.students.entries())
    await t.db
      .updateTable('student_exams')
      .set({ released_at: released[index] })
      .where('student_id', '=', student.id)
      .execute();
}, 180_000);
afterAll(() => t.close());

const dryRun = async (cookie = admin) => call(t.app, 'GET', '/api/privacy/retention', undefined, { cookie });

const recordingsOf = (studentId: number) =>
  t.db
    .selectFrom('media as m')
    .innerJoin('students as s', 's.user_id', 'm.owner_id')
    .select(['m.id', 'm.file_name'])
    .where('s.id', '=', studentId)
    .execute();

const scoresOf = (studentId: number) =>
  t.db
    .selectFrom('attempt_answers as aa')
    .innerJoin('exam_attempts as a', 'a.id', 'aa.attempt_id')
    .innerJoin('student_exams as se', 'se.id', 'a.student_exam_id')
    .select(['aa.question_id', 'aa.score', 'a.result_score'])
    .where('se.student_id', '=', studentId)
    .orderBy('aa.question_id')
    .execute();

describe('the retention rules', () => {
  it('are settings: whole numbers, 0 (the default) keeping everything', () => {
    expect(loadConfig({}).retention).toEqual({ recordingsDays: 0, leaversYears: 0 });
    expect(loadConfig({ RETAIN_RECORDINGS_DAYS: '90', ERASE_LEAVERS_AFTER_YEARS: '7' }).retention).toEqual({
      recordingsDays: 90,
      leaversYears: 7,
    });
    expect(() => loadConfig({ RETAIN_RECORDINGS_DAYS: '90d' })).toThrow(
      new ConfigError('RETAIN_RECORDINGS_DAYS must be a whole number of at least 0, not "90d".'),
    );
    expect(() => loadConfig({ ERASE_LEAVERS_AFTER_YEARS: '-1' })).toThrow(ConfigError);
  });

  it('list in a dry run what is due, and change nothing', async () => {
    const [first, second, third] = scene.students;
    // The second left two years ago (not due), the third six years ago (due).
    await t.db.updateTable('students').set({ is_active: false }).where('id', 'in', [second.id, third.id]).execute();
    const left = await t.db
      .selectFrom('students')
      .select(['id', 'left_at'])
      .where('id', '=', second.id)
      .executeTakeFirstOrThrow();
    // The database keeps when a student stopped being active.
    expect(left.left_at).not.toBeNull();
    await setLeftAt(second.id, '2024-06-01T00:00:00Z');
    await setLeftAt(third.id, '2020-05-01T00:00:00Z');
    const before = await recordingsOf(first.id);
    const response = await dryRun();
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data.settings).toEqual({ recordings_days: 30, leavers_years: 5 });
    expect(data.recordings).toEqual([
      {
        media_id: before[0].id,
        student_id: first.id,
        student_number: expect.any(String),
        school_id: scene.school.id,
        school_en: scene.school.name_en,
        school_ar: scene.school.name_ar,
        exam_id: scene.exam.id,
        exam_en: scene.exam.name_en,
        exam_ar: scene.exam.name_ar,
        released_at: '2026-04-01T08:00:00.000Z',
      },
    ]);
    expect(data.leavers).toEqual([
      {
        student_id: third.id,
        student_number: expect.any(String),
        name_en: third.name_en,
        name_ar: third.name_ar,
        school_id: scene.school.id,
        school_en: scene.school.name_en,
        school_ar: scene.school.name_ar,
        left_at: '2020-05-01T00:00:00.000Z',
      },
    ]);
    expect(await recordingsOf(first.id)).toEqual(before);
    expect(await t.app.fileStore.size(`media/${before[0].file_name}`)).toBeGreaterThan(0);
  });

  it('dry run is refused without a session (401) and to anyone but administrators (403)', async () => {
    expect((await call(t.app, 'GET', '/api/privacy/retention')).statusCode).toBe(401);
    expect((await dryRun(await signInSchoolStaff(t, [scene.school.id]))).statusCode).toBe(403);
    expect((await dryRun(await signIn(t.app, await buildUser(t.db, { role: ROLES.corrector })))).statusCode).toBe(403);
  });

  it('are carried out by the job: the due recording deleted with its scores kept, the due leaver erased, audited', async () => {
    const [first, second, third] = scene.students;
    const [recording] = await recordingsOf(first.id);
    const scores = await scoresOf(first.id);
    const secondRecordings = await recordingsOf(second.id);
    const done = await applyRetention(t.db, t.app.fileStore, t.app.config.retention, clock.now());
    expect(done).toEqual({ recordings: 1, leavers: 1, failed: 0 });
    expect(await recordingsOf(first.id)).toEqual([]);
    expect(await t.app.fileStore.size(`media/${recording.file_name}`)).toBeNull();
    expect(await scoresOf(first.id)).toEqual(scores);
    const spoken = await t.db
      .selectFrom('attempt_answers as aa')
      .innerJoin('exam_attempts as a', 'a.id', 'aa.attempt_id')
      .innerJoin('student_exams as se', 'se.id', 'a.student_exam_id')
      .select('aa.answer')
      .where('se.student_id', '=', first.id)
      .where('aa.question_id', '=', scene.q.spoken.id)
      .executeTakeFirstOrThrow();
    expect(spoken.answer).toEqual({ media: 'erased', duration_seconds: 4 });
    // Not yet due: released four days ago, or left two years ago.
    expect(await recordingsOf(second.id)).toEqual(secondRecordings);
    const erased = await t.db
      .selectFrom('students')
      .select(['id', 'name_en', 'erased_at'])
      .where('id', 'in', [second.id, third.id])
      .orderBy('id')
      .execute();
    expect(erased.map((row) => [row.name_en, row.erased_at !== null])).toEqual([
      [second.name_en, false],
      [`Erased student ${third.id}`, true],
    ]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'summary', 'reason'])
      .where('action', 'in', ['privacy.retention', 'students.erase'])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      {
        action: 'students.erase',
        actor_id: null,
        summary: expect.objectContaining({ recordings: 1 }),
        reason: 'retention: left more than 5 years ago',
      },
      {
        action: 'privacy.retention',
        actor_id: null,
        summary: { recordings: 1, leavers: 1, failed: 0, recordingsDays: 30, leaversYears: 5 },
        reason: null,
      },
    ]);
    // Nothing is due any more.
    const { data } = (await dryRun()).json();
    expect([data.recordings, data.leavers]).toEqual([[], []]);
  });
});

/** Back-dates when a student left: the database keeps `left_at` and the app never writes it, so plain SQL. */
async function setLeftAt(studentId: number, at: string) {
  await sql`update students set left_at = ${at} where id = ${studentId}`.execute(t.db);
}
