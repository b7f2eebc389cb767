/**
 * `npm run chaos:delivery`: proves that no acknowledged answer is lost (issue 12). Students answer
 * on a real server process over HTTP, as the player does (every change keeps a per-question seq;
 * what is not acknowledged is sent again, with backoff). Meanwhile the server is killed with
 * SIGKILL and started again, and, on PostgreSQL when this machine can, the database is restarted
 * (the server must answer 503 meanwhile, not crash). Then everyone submits and every acknowledged
 * seq is looked up in the database. Prints `acknowledged N, stored N, lost 0`; exits 1 on any loss.
 *
 * CHAOS_STUDENTS (40), CHAOS_SECONDS (8, per stage), BENCH_DATABASE_URL (PostgreSQL; PGlite when
 * unset), WEB_CONCURRENCY (server processes, PostgreSQL only).
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import os from 'node:os';
import { sql } from 'kysely';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { openDatabase } from '../../src/server/db/database';
import { freePort, startServer, type RunningServer } from '../e2e/server-process';
import { httpClient, sleep } from './delivery/load';
import { benchDatabase } from './delivery/bench-database';
import { studentAnswerFor, viewsOf } from './delivery/prepare';

const STUDENTS = Number(process.env.CHAOS_STUDENTS ?? 40);
const STAGE_SECONDS = Number(process.env.CHAOS_SECONDS ?? 8);
const ADMIN_URL = process.env.BENCH_DATABASE_URL?.trim() || null;
const PROCESSES = Number(process.env.WEB_CONCURRENCY ?? 1);

/** The PostgreSQL cluster serving 127.0.0.1:5432 on this machine, if it can be restarted from here. */
function restartablePostgres(): string[] | null {
  if (!ADMIN_URL) return null;
  try {
    const clusters = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' })
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[2] === '5432' && fields[3] === 'online');
    return clusters[0] ? [clusters[0][0]!, clusters[0][1]!] : null;
  } catch {
    return null;
  }
}

interface Student {
  index: number;
  assignmentId: number;
  cookie: string;
  /** Per question: the newest seq changed here, and the highest the server acknowledged. */
  seq: Map<number, number>;
  pending: Map<number, { question_id: number; answer: unknown; seq: number }>;
  acked: Map<number, number>;
  /** The attempt's question views: answers go in the ids they show. */
  views: Map<number, unknown>;
}

async function main() {
  console.log(`${new Date().toISOString()}  ${os.cpus().length} cores, Node ${process.version}`);
  console.log(`students ${STUDENTS}, database ${ADMIN_URL ? 'postgres' : 'pglite'}, server processes ${PROCESSES}\n`);
  const registry = await loadSchemaRegistry();
  const { data, databaseUrl, dataDir, drop } = await benchDatabase(ADMIN_URL, registry, {
    prefix: 'ltm_chaos',
    students: STUDENTS,
    signInOverHttp: 0,
  });

  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://assess.example.org',
    LOG_LEVEL: 'warn',
    WEB_CONCURRENCY: String(PROCESSES),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const start = () => startServer({ needsConsole: false, env, dataDir, port });
  let server: RunningServer = await start();
  const client = httpClient(server.url, 64);
  const statuses = new Map<number, number>();
  const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  let failed = false;

  const students: Student[] = data.students.map((s, index) => ({
    index,
    assignmentId: s.assignmentId,
    cookie: `ltm_session=${s.token}`,
    seq: new Map(),
    pending: new Map(),
    acked: new Map(),
    views: new Map(),
  }));
  for (const s of students) {
    const started = await client.call('POST', `/api/student/exams/${s.assignmentId}/start`, { cookie: s.cookie });
    if (started.status !== 200) throw new Error(`start refused: ${started.status} ${started.body}`);
    s.views = viewsOf(started.body);
  }

  /** What the player does: send what is pending; keep what is not acknowledged. */
  const send = async (s: Student) => {
    if (s.pending.size === 0) return true;
    const answers = [...s.pending.values()];
    const answer = await client.call('PUT', `/api/student/exams/${s.assignmentId}/answers`, {
      cookie: s.cookie,
      body: { answers },
    });
    count(answer.status);
    if (answer.status !== 200) return false;
    for (const { question_id, seq } of (
      JSON.parse(answer.body) as { data: { saved: { question_id: number; seq: number }[] } }
    ).data.saved) {
      s.acked.set(question_id, Math.max(s.acked.get(question_id) ?? 0, seq));
      const held = s.pending.get(question_id);
      if (held && held.seq <= seq) s.pending.delete(question_id);
    }
    return true;
  };
  let answering = true;
  const loops = students.map(async (s) => {
    let backoff = 200;
    while (answering) {
      const question = data.questions[Math.floor(Math.random() * data.questions.length)]!;
      const seq = (s.seq.get(question.id) ?? 0) + 1;
      s.seq.set(question.id, seq);
      const answer = studentAnswerFor(question.kind, s.views.get(question.id));
      s.pending.set(question.id, { question_id: question.id, answer, seq });
      if (await send(s)) backoff = 200;
      else backoff = Math.min(backoff * 2, 2000);
      await sleep(150 + Math.random() * 300 + (s.pending.size ? backoff : 0));
    }
  });

  const stage = (title: string) => console.log(`${new Date().toISOString().slice(11, 19)}  ${title}`);
  stage('answering');
  await sleep(STAGE_SECONDS * 1000);
  stage(`kill -9 of the server (${PROCESSES > 1 ? 'every process' : 'pid ' + server.pid})`);
  process.kill(-server.pid, 'SIGKILL');
  await sleep(1000);
  server = await start();
  stage('server started again');
  await sleep(STAGE_SECONDS * 1000);

  const cluster = restartablePostgres();
  if (cluster) {
    stage(`PostgreSQL ${cluster.join('/')} restarting`);
    const before = statuses.get(503) ?? 0;
    // Stopped for a few seconds, then started: the students go on answering meanwhile.
    await promisify(execFile)('pg_ctlcluster', [cluster[0]!, cluster[1]!, 'stop', '--', '-m', 'fast']);
    await sleep(3000);
    await promisify(execFile)('pg_ctlcluster', [cluster[0]!, cluster[1]!, 'start']);
    stage('PostgreSQL back');
    await sleep(STAGE_SECONDS * 1000);
    const health = await client.call('GET', '/api/health');
    const alive = (() => {
      try {
        process.kill(server.pid, 0);
        return true;
      } catch {
        return false;
      }
    })();
    console.log(
      `  answers 503 while away: ${(statuses.get(503) ?? 0) - before}; server alive: ${alive}; health after: ${health.status}`,
    );
    if (!alive || health.status !== 200) {
      failed = true;
      console.log(`  the server's last words:\n${server.output().slice(-3000)}`);
    }
  } else console.log('  (database restart skipped: PostgreSQL on 127.0.0.1:5432 cannot be restarted from here)');

  answering = false;
  await Promise.all(loops);
  // Whatever is still pending goes now, as the player does before it submits.
  for (let round = 0; round < 20 && students.some((s) => s.pending.size > 0); round++) {
    await Promise.all(students.map((s) => send(s)));
    if (students.some((s) => s.pending.size > 0)) await sleep(500);
  }
  for (const s of students) {
    const submitted = await client.call('POST', `/api/student/exams/${s.assignmentId}/submit`, { cookie: s.cookie });
    count(submitted.status);
    if (submitted.status !== 200) failed = true;
  }
  await client.close();
  await server.stop();

  // Every acknowledged seq, looked up in the database.
  const handle = await openDatabase({ databaseUrl, dataDir });
  const { rows } = await sql<{ student_exam_id: number; question_id: number; seq: number }>`
    select a.student_exam_id, aa.question_id, aa.seq
    from attempt_answers aa join exam_attempts a on a.id = aa.attempt_id`.execute(handle.db);
  await handle.close();
  const stored = new Map(rows.map((r) => [`${r.student_exam_id}:${r.question_id}`, r.seq]));
  let acknowledged = 0;
  let kept = 0;
  for (const s of students)
    for (const [question, seq] of s.acked) {
      acknowledged++;
      if ((stored.get(`${s.assignmentId}:${question}`) ?? 0) >= seq) kept++;
    }
  const unsent = students.reduce((sum, s) => sum + s.pending.size, 0);
  console.log(`\nanswers by status: ${JSON.stringify(Object.fromEntries(statuses))}`);
  console.log(
    `acknowledged ${acknowledged}, stored ${kept}, lost ${acknowledged - kept}` +
      (unsent ? `, never acknowledged ${unsent}` : ''),
  );
  if ((statuses.get(500) ?? 0) > 0) {
    const unhandled = server
      .output()
      .split('\n')
      .filter((line) => line.includes('unhandled error'))
      .map((line) => line.slice(0, 600));
    console.log(`the server answered 500: a fault was not handled\n${unhandled.join('\n')}`);
    failed = true;
  }

  await drop();
  if (acknowledged === 0 || acknowledged !== kept || failed) process.exit(1);
}

await main();
