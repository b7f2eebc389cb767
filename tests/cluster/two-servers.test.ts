import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/common/permissions';
import { REPORT_STATUS, REPORT_TYPE } from '../../src/common/reports/index';
import { DEMO_PASSWORD } from '../../src/server/demo/demo-accounts';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import { s3FileStore } from '../../src/server/storage/s3-file-store';
import { startServer, type RunningServer } from '../e2e/server-process';
import { databaseUrlFor } from '../helpers/db-template';
import { multipartBody, wav } from '../helpers/media-fixtures';
import { zipEntries } from '../helpers/report-factory';
import { startS3Server, type S3Server } from '../helpers/s3-server';
import { startHaproxy, type Balancer } from './balancer';
import { request, signIn, type Answer } from './http';

/**
 * Two application servers, one system: separate processes with separate DATA_DIRs, one PostgreSQL
 * database, one S3-compatible store (s3rver, its own process, reached by the AWS SDK), behind
 * haproxy (round robin on every request, no sticky sessions). Whatever one server does, the other
 * sees: attempts, recordings, report files, sign-outs and role changes; a job runs once.
 */
const ADMIN_URL =
  process.env.CLUSTER_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const GRACE_SECONDS = 2;
const name = `ltm_cluster_${Date.now().toString(36)}`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ltm-cluster-'));
const logOf = (server: 'a' | 'b') => path.join(work, `${server}.log`);
const dataDirs = () =>
  fs
    .readdirSync(work)
    .filter((f) => f.includes('-data-'))
    .map((f) => path.join(work, f));

let s3: S3Server;
let a: RunningServer;
let b: RunningServer;
let balancer: Balancer;
let database: DatabaseHandle;

async function asAdmin(statement: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await asAdmin(`create database ${name}`);
  s3 = await startS3Server('ltm-cluster');
  const storage = s3.storage();
  const env = {
    DATABASE_URL: databaseUrlFor(ADMIN_URL, name),
    S3_BUCKET: storage.bucket,
    S3_ENDPOINT: storage.endpoint!,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    JOBS_POLL_SECONDS: '0.5',
    DELIVERY_GRACE_SECONDS: String(GRACE_SECONDS),
    TRUST_PROXY: '127.0.0.1',
    // One key for both servers, as deployment.md says: each seals and opens what the other stored.
    SECRETS_KEY: randomBytes(32).toString('base64'),
    CLIENT_DIR: path.resolve('tests/fixtures/client'),
    LOG_LEVEL: 'info',
  };
  const start = (server: 'a' | 'b') =>
    startServer({
      needsConsole: false,
      env,
      dataDir: fs.mkdtempSync(path.join(work, `${server}-data-`)),
      logFile: logOf(server),
    });
  // The first migrates and loads the demo data (its recordings into the bucket); the second finds them.
  a = await start('a');
  b = await start('b');
  balancer = await startHaproxy([
    { name: 'a', url: a.url },
    { name: 'b', url: b.url },
  ]);
  database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: '', poolSize: 2 });
}, 240_000);

afterAll(async () => {
  await balancer?.stop();
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.close();
  await s3?.stop();
  await asAdmin(`drop database if exists ${name} with (force)`).catch(() => undefined);
  if (process.env.CLUSTER_KEEP) console.log(`kept: ${work}`);
  else fs.rmSync(work, { recursive: true, force: true });
});

const ok = (answer: Answer, what: string) => {
  expect(answer.status, `${what}: ${answer.body.toString('utf8').slice(0, 300)}`).toBeLessThan(300);
  return answer;
};
const wall = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every 20 ms; resolves with the milliseconds it took, or fails after `ms`. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await sleep(20);
  }
  return Date.now() - started;
}

describe('two application servers behind haproxy', () => {
  it('balances every request over both servers, without sticky sessions', async () => {
    const admin = await signIn(balancer.url, 'admin@example.com', DEMO_PASSWORD);
    const served: string[] = [];
    for (let i = 0; i < 8; i++) {
      const answer = ok(await request(balancer.url, 'GET', '/api/user', { cookie: admin }), 'me');
      served.push(answer.servedBy ?? '?');
    }
    // Round robin: one session, answered by both servers in turn.
    expect(new Set(served)).toEqual(new Set(['a', 'b']));
    expect(served.filter((s) => s === 'a').length).toBe(4);
  });

  it('a student starts on one server and saves on the other; a recording made through one plays through the other; the deadline job submits once', async () => {
    const author = await signIn(balancer.url, 'author@example.com', DEMO_PASSWORD);
    const student = await signIn(balancer.url, 'student@example.com', DEMO_PASSWORD);
    // The benchmark (every answer type, a spoken question among them), open for the next 25 seconds.
    const mine = ok(await request(balancer.url, 'GET', '/api/student/exams', { cookie: student }), 'exams').json<{
      data: { id: number; exam: { id: number; is_mock: boolean; question_count: number } }[];
    }>().data;
    const practice = mine.find((e) => !e.exam.is_mock && e.exam.question_count > 10)!;
    const { id: studentId } = await database.db
      .selectFrom('student_exams')
      .select('student_id as id')
      .where('id', '=', practice.id)
      .executeTakeFirstOrThrow();
    const closes = new Date(Math.floor((Date.now() + 25_000) / 1000) * 1000);
    ok(
      await request(balancer.url, 'POST', `/api/exams/${practice.exam.id}/reassign/students`, {
        cookie: author,
        json: {
          school_ids: [],
          student_ids: [studentId],
          start_date_time: wall(new Date(Date.now() - 3_600_000)),
          end_date_time: wall(closes),
        },
      }),
      'reassign',
    );
    const assignment = ok(await request(balancer.url, 'GET', '/api/student/exams', { cookie: student }), 'exams')
      .json<{ data: { id: number; exam: { id: number } }[] }>()
      .data.find((e) => e.exam.id === practice.exam.id)!;

    // Every call of the student's goes through the balancer, which answers each on the next server.
    // Started on one...
    const started = ok(
      await request(balancer.url, 'POST', `/api/student/exams/${assignment.id}/start`, { cookie: student }),
      'start',
    );
    const questions = started.json<{ data: { questions: { id: number }[] } }>().data.questions.map((q) => q.id);
    const kinds = await database.db
      .selectFrom('exam_questions')
      .select(['id', 'answer_type'])
      .where('id', 'in', questions)
      .execute();
    const essay = kinds.find((q) => q.answer_type === 'essay')!;
    const spoken = kinds.find((q) => q.answer_type === 'audio_response')!;
    expect(essay && spoken, 'the practice test has an essay and a spoken question').toBeTruthy();

    // ...saved on the other.
    const saved = ok(
      await request(balancer.url, 'PUT', `/api/student/exams/${assignment.id}/answers`, {
        cookie: student,
        json: { answers: [{ question_id: essay.id, answer: { text: 'كتبت من الخادم الثاني' }, seq: 1 }] },
      }),
      'save',
    );
    expect([started.servedBy, saved.servedBy].sort()).toEqual(['a', 'b']);
    expect(saved.json<{ data: { saved: { question_id: number; seq: number }[] } }>().data.saved).toEqual([
      { question_id: essay.id, seq: 1 },
    ]);

    // A spoken answer uploaded through one, kept in the bucket, played through the other.
    const sound = wav(4000);
    const { payload, contentType } = multipartBody(
      { label: `exams/questions/${spoken.id}/audio_responses` },
      { name: 'answer.wav', content: sound },
    );
    const upload = ok(
      await request(balancer.url, 'POST', '/api/upload-media', { cookie: student, body: payload, contentType }),
      'upload',
    );
    const uploaded = upload.json<{ data: { file_name: string; relative_path: string } }>().data;
    const played = ok(
      await request(balancer.url, 'GET', `/api/media/${uploaded.file_name}`, { cookie: student }),
      'play',
    );
    expect([upload.servedBy, played.servedBy].sort()).toEqual(['a', 'b']);
    expect(played.headers['content-type']).toBe('audio/wav');
    expect(played.body.equals(sound)).toBe(true);
    // In the bucket, in neither server's DATA_DIR.
    expect(await s3FileStore(s3.storage()).size(uploaded.relative_path)).toBe(sound.length);
    for (const dir of dataDirs()) expect(fs.existsSync(path.join(dir, uploaded.relative_path))).toBe(false);
    ok(
      await request(balancer.url, 'PUT', `/api/student/exams/${assignment.id}/answers`, {
        cookie: student,
        json: {
          answers: [{ question_id: spoken.id, answer: { media: uploaded.relative_path, duration_seconds: 1 }, seq: 1 }],
        },
      }),
      'spoken answer',
    );
    const attempt = ok(
      await request(balancer.url, 'GET', `/api/student/exams/${assignment.id}/attempt`, { cookie: student }),
      'attempt',
    ).json<{ data: { status: string; answers: Record<string, { answer: unknown }> } }>().data;
    expect(attempt.status).toBe('in_progress');
    expect(attempt.answers[essay.id]?.answer).toEqual({ text: 'كتبت من الخادم الثاني' });

    // The deadline: both servers' job workers watch the queue; the attempt is submitted once.
    const row = () =>
      database.db
        .selectFrom('exam_attempts')
        .select(['id', 'status', 'auto_submitted'])
        .where('student_exam_id', '=', assignment.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
    await within(closes.getTime() - Date.now() + GRACE_SECONDS * 1000 + 30_000, async () => {
      return (await row()).status === 'submitted';
    });
    const submitted = await row();
    expect(submitted.auto_submitted).toBe(true);
    await sleep(3_000);
    const logged = (['a', 'b'] as const).map(
      (server) =>
        fs
          .readFileSync(logOf(server), 'utf8')
          .split('\n')
          .filter((line) => {
            if (!line.includes('attempt submitted at its deadline')) return false;
            return (JSON.parse(line) as { attempt: number }).attempt === submitted.id;
          }).length,
    );
    expect(logged[0] + logged[1], `submitted by A ${logged[0]} times, by B ${logged[1]}`).toBe(1);
    const { rows: jobs } = await sql<{ state: string }>`
      select state from pgboss.job where name = 'attempt-deadline' and (data->>'attempt_id')::int = ${submitted.id}
      union all
      select state from pgboss.archive where name = 'attempt-deadline' and (data->>'attempt_id')::int = ${submitted.id}`
      .execute(database.db)
      .catch(async () =>
        sql<{ state: string }>`
          select state::text from pgboss.job where name = 'attempt-deadline' and (data->>'attempt_id')::int = ${submitted.id}`.execute(
          database.db,
        ),
      );
    expect(jobs.map((j) => j.state)).toEqual(['completed']);
  }, 120_000);

  it('a report generated by a job on either server downloads through both', async () => {
    const admin = await signIn(balancer.url, 'admin@example.com', DEMO_PASSWORD);
    const schools = ok(
      await request(balancer.url, 'GET', '/api/schools?per_page=100', { cookie: admin }),
      'schools',
    ).json<{ data: { id: number }[] }>().data;
    let queued: number[] = [];
    for (const school of schools) {
      const answer = await request(balancer.url, 'POST', '/api/schools/reports', {
        cookie: admin,
        json: { school_id: school.id, correction_status_ids: [3] },
      });
      if (answer.status === 200) {
        queued = answer.json<{ data: { report_ids: number[] } }>().data.report_ids;
        break;
      }
    }
    expect(queued.length, 'a demo school has reports to generate').toBeGreaterThan(0);
    const statuses = async () =>
      database.db.selectFrom('reports').select(['id', 'status', 'type']).where('id', 'in', queued).execute();
    const done = [REPORT_STATUS.generated, REPORT_STATUS.failed_generating];
    await within(90_000, async () => (await statuses()).every((r) => done.includes(r.status)));
    const reports = await statuses();
    expect(reports.map((r) => r.status)).toEqual(reports.map(() => REPORT_STATUS.generated));
    const one = reports.find((r) => r.type !== REPORT_TYPE.bundle)!;
    for (const server of [a, b]) {
      const pdf = ok(
        await request(server.url, 'GET', `/api/reports/${one.id}/view-pdf?lang=ar`, { cookie: admin }),
        'view',
      );
      expect(pdf.body.subarray(0, 4).toString()).toBe('%PDF');
      const zip = ok(
        await request(server.url, 'POST', '/api/reports/download', {
          cookie: admin,
          json: { language: 'both', report_ids: reports.map((r) => r.id) },
        }),
        'download',
      );
      expect(zip.headers['content-type']).toBe('application/zip');
      // A bundle is one file in the ZIP; every other report is one per language.
      const expected = reports.reduce((n, r) => n + (r.type === REPORT_TYPE.bundle ? 1 : 2), 0);
      expect(Object.keys(zipEntries(zip.body))).toHaveLength(expected);
    }
    // The files are in the bucket, in neither server's DATA_DIR.
    const keys: string[] = [];
    for await (const { key } of s3FileStore(s3.storage()).list('reports/')) keys.push(key);
    expect(keys).toContain(`reports/${one.id}/ar.pdf`);
    for (const dir of dataDirs()) expect(fs.existsSync(path.join(dir, 'reports'))).toBe(false);
  }, 150_000);

  it('a sign-out on one server is refused on the other within a second', async () => {
    const cookie = await signIn(a.url, 'school@example.com', DEMO_PASSWORD);
    // B has read the session and keeps it (SESSION_CACHE_SECONDS).
    ok(await request(b.url, 'GET', '/api/user', { cookie }), 'me on B');
    ok(await request(b.url, 'GET', '/api/user', { cookie }), 'me on B again');
    expect((await request(a.url, 'POST', '/api/logout', { cookie })).status).toBe(204);
    const took = await within(1_000, async () => (await request(b.url, 'GET', '/api/user', { cookie })).status === 401);
    expect(took).toBeLessThan(1_000);
  });

  it('a role taken away on one server is refused on the other within a second', async () => {
    const admin = await signIn(a.url, 'admin@example.com', DEMO_PASSWORD);
    const author = await signIn(b.url, 'author@example.com', DEMO_PASSWORD);
    ok(await request(b.url, 'GET', '/api/questions-bank?per_page=1', { cookie: author }), 'bank on B');
    const { id } = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'author@example.com')
      .executeTakeFirstOrThrow();
    try {
      ok(
        await request(a.url, 'POST', `/api/users/${id}/remove/role`, { cookie: admin, json: { role: ROLES.author } }),
        'remove role on A',
      );
      const took = await within(
        1_000,
        // The role change ends the author's sessions (users-admin.ts): B must stop honouring this one.
        async () => (await request(b.url, 'GET', '/api/questions-bank?per_page=1', { cookie: author })).status === 401,
      );
      expect(took).toBeLessThan(1_000);
    } finally {
      await request(a.url, 'POST', `/api/users/${id}/assign/role`, { cookie: admin, json: { role: ROLES.author } });
    }
  });
});
