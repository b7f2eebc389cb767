import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { SchemaRegistry } from '../../../schemas/index';
import { ManualClock } from '../../../src/server/clock';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { call } from '../../helpers/api-client';
import { assign, buildDeliveryScene } from '../../helpers/delivery-factory';
import { buildUser, signIn } from '../../helpers/factories';
import { createTestApp, type TestContext } from '../../helpers/test-app';

/**
 * The deadline job, with the real queue (pg-boss in the test's database) and the application's clock
 * under the test's hand. "Time passes" for the queue by moving a job's start time to now.
 */
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
let t: TestContext;
let registry: SchemaRegistry;
let author: string;
beforeAll(async () => {
  t = await createTestApp({ jobs: { enabled: true, pollSeconds: 0.5 } }, clock);
  registry = await loadSchemaRegistry();
  author = await signIn(t.app, await buildUser(t.db, { role: 'com.ltm.roles.author' }));
}, 60_000);
afterAll(() => t.close());
beforeEach(() => clock.set('2026-06-05T09:00:00Z'));

interface JobRow {
  id: string;
  state: string;
  seconds_away: number;
}

/** The deadline jobs of one attempt, oldest first, with how far their start lies from the database's now. */
async function jobsOf(attemptId: number): Promise<JobRow[]> {
  const { rows } = await sql<JobRow>`
    select id, state, extract(epoch from start_after - now())::float as seconds_away
    from pgboss.job where name = 'attempt-deadline' and (data->>'attempt_id')::int = ${attemptId}
    order by created_on, start_after`.execute(t.db);
  return rows;
}

/** The queue's clock reaches the job's start. */
async function makeDue(attemptId: number) {
  await sql`update pgboss.job set start_after = now()
    where name = 'attempt-deadline' and state = 'created' and (data->>'attempt_id')::int = ${attemptId}`.execute(t.db);
}

const attemptRow = (id: number) =>
  t.db.selectFrom('exam_attempts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function started() {
  const scene = await buildDeliveryScene(t.app, t.db, registry, {
    questions: [{ kind: 'true_false', key: { correct: true } }],
  });
  const response = await assign(t.app, author, scene.exam.id, {
    start_date_time: '2026-06-02 08:00:00',
    end_date_time: '2026-06-20 15:00:00',
    student_ids: [scene.students[0].id],
  });
  expect(response.statusCode, response.body).toBe(200);
  const { id } = await t.db
    .selectFrom('student_exams')
    .select('id')
    .where('exam_id', '=', scene.exam.id)
    .executeTakeFirstOrThrow();
  const as = (method: 'POST' | 'PUT', path: string, body?: unknown) =>
    call(t.app, method, `/api/student/exams/${id}${path}`, body, { cookie: scene.studentCookie });
  const attempt = (await as('POST', '/start')).json().data;
  await as('PUT', '/answers', { answers: [{ question_id: scene.questions[0].id, answer: { value: true }, seq: 1 }] });
  return { attemptId: attempt.id as number, as };
}

const waitFor = (check: () => Promise<unknown>, expected: unknown) =>
  expect.poll(check, { timeout: 15_000, interval: 200 }).toEqual(expected);

/** The attempt's own job submitted it (not the minute's sweep, which runs on the real clock too). */
const submittedByItsJob = (attemptId: number) =>
  t.logs.some((line) => line.includes('attempt submitted at its deadline') && line.includes(`"attempt":${attemptId}`));

describe('the deadline job', () => {
  it('is queued when an attempt starts, for its deadline plus grace, and submits it with its answers', async () => {
    const { attemptId } = await started();
    const [job] = await jobsOf(attemptId);
    expect(job.state).toBe('created');
    // 45 minutes of exam and 60 seconds of grace, from the application's clock.
    expect(Math.abs(job.seconds_away - (45 * 60 + 60))).toBeLessThan(30);
    clock.advance(45 * 60 + 61);
    await makeDue(attemptId);
    await waitFor(async () => (await attemptRow(attemptId)).status, 'submitted');
    const attempt = await attemptRow(attemptId);
    expect(attempt.auto_submitted).toBe(true);
    await waitFor(async () => submittedByItsJob(attemptId), true);
    await waitFor(async () => (await jobsOf(attemptId)).map((j) => j.state), ['completed']);
    expect(Number(attempt.score)).toBe(Number(attempt.max_score));
    expect(Number(attempt.score)).toBeGreaterThan(0);
  });

  it('survives a server restart: the job queued before it submits the attempt after it', async () => {
    const { attemptId } = await started();
    await t.restart();
    clock.advance(46 * 60 + 1);
    await makeDue(attemptId);
    await waitFor(async () => (await attemptRow(attemptId)).status, 'submitted');
    expect((await attemptRow(attemptId)).auto_submitted).toBe(true);
    await waitFor(async () => submittedByItsJob(attemptId), true);
  });

  it('puts itself back when it runs before the deadline by the application clock', async () => {
    const { attemptId } = await started();
    clock.advance(10 * 60);
    await makeDue(attemptId);
    await waitFor(async () => (await jobsOf(attemptId)).map((j) => j.state), ['completed', 'created']);
    const [, again] = await jobsOf(attemptId);
    expect(Math.abs(again.seconds_away - (35 * 60 + 60))).toBeLessThan(30);
    expect((await attemptRow(attemptId)).status).toBe('in_progress');
  });

  it('changes nothing for an attempt the student submitted', async () => {
    const { attemptId, as } = await started();
    clock.advance(60);
    expect((await as('POST', '/submit')).statusCode).toBe(200);
    clock.advance(46 * 60);
    await makeDue(attemptId);
    await waitFor(async () => (await jobsOf(attemptId)).map((j) => j.state), ['completed']);
    expect(await attemptRow(attemptId)).toMatchObject({ status: 'submitted', auto_submitted: false });
  });

  it('is backed by a sweep: an attempt whose job was lost is submitted all the same', async () => {
    const { attemptId } = await started();
    await sql`delete from pgboss.job where name = 'attempt-deadline' and (data->>'attempt_id')::int = ${attemptId}`.execute(
      t.db,
    );
    clock.advance(46 * 60 + 1);
    await t.app.jobs.send('attempt-deadline-sweep', {});
    await waitFor(async () => (await attemptRow(attemptId)).status, 'submitted');
    expect((await attemptRow(attemptId)).auto_submitted).toBe(true);
    const { rows } = await sql<{
      cron: string;
    }>`select cron from pgboss.schedule where name = 'attempt-deadline-sweep'`.execute(t.db);
    expect(rows).toEqual([{ cron: '* * * * *' }]);
  });
});
