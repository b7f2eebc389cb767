/**
 * `npm run bench:adaptive`: an adaptive exam (issue 43) sat by thousands of students on a real
 * server process over real HTTP. A pool of 300 calibrated right-or-wrong questions, 10 to 60 a
 * student, to a standard error of 0.30; each simulated student (ability from N(0, 1)) answers by the
 * model after a think time, and every answer is "answer and next question" (`POST .../next`: the
 * save, the new ability, the choice). Phases: a start rush, the test, a submit rush; the figure to
 * hold is the p99 of "answer and next" (under 150 ms at 3,000 students on PostgreSQL).
 *
 * BENCH_STUDENTS (3000), BENCH_DATABASE_URL (PostgreSQL; PGlite when unset), BENCH_THINK_SECONDS
 * (mean think time per question: 8), BENCH_RUSH_SECONDS (60), BENCH_CONNECTIONS (512).
 */
import os from 'node:os';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { mulberry32, normal } from '../../src/common/statistics/index';
import { startServer } from '../e2e/server-process';
import { benchDatabase } from './delivery/bench-database';
import { httpClient, PhaseRecorder, sleep, spread } from './delivery/load';
import { cpuPercent, usageOf } from './delivery/server-stats';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 3000);
const THINK_SECONDS = Number(process.env.BENCH_THINK_SECONDS ?? 8);
const RUSH_SECONDS = Number(process.env.BENCH_RUSH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 512);
const ADMIN_URL = process.env.BENCH_DATABASE_URL?.trim() || null;
const POOL = 300;
const COOKIE = 'ltm_session';

type Started = { id: number; questions: { id: number }[] };
type Next = { adaptive: { finished: boolean; question: { id: number } | null } };

async function main() {
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  console.log(`${new Date().toISOString()}  ${machine}`);
  console.log(`students ${STUDENTS}, database ${ADMIN_URL ? 'postgres' : 'pglite'}, think ${THINK_SECONDS} s\n`);
  const registry = await loadSchemaRegistry();
  const prepared = await benchDatabase(ADMIN_URL, registry, {
    prefix: 'ltm_adaptive',
    students: STUDENTS,
    signInOverHttp: 0,
    adaptivePool: POOL,
  });
  const { data, dataDir, drop } = prepared;
  // The pool's difficulties as prepared (prepare.ts): evenly from −2.2 to 2.2 in question order.
  const difficulty = new Map(data.questions.map((q, i) => [q.id, -2.2 + (4.4 * i) / (data.questions.length - 1)]));
  const server = await startServer({
    needsConsole: false,
    dataDir,
    env: {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://assess.example.org',
      LOG_LEVEL: 'warn',
      ...(prepared.databaseUrl ? { DATABASE_URL: prepared.databaseUrl } : {}),
    },
  });
  const client = httpClient(server.url, CONNECTIONS);
  const random = mulberry32(43);
  const rows: Record<string, unknown>[] = [];
  const measure = async (recorder: PhaseRecorder, run: () => Promise<void>) => {
    const before = usageOf(server.pid);
    recorder.begin();
    await run();
    recorder.finish();
    const figures = recorder.summary();
    rows.push({ ...figures, cpu_percent: cpuPercent(before, usageOf(server.pid), figures.seconds) });
    console.table([rows.at(-1)]);
  };
  try {
    const students = data.students.map((s) => ({
      cookie: `${COOKIE}=${s.token}`,
      path: `/api/student/exams/${s.assignmentId}`,
      ability: normal(random),
      attemptId: 0,
      current: 0,
      given: 0,
    }));
    const start = new PhaseRecorder('start');
    await measure(start, () =>
      spread(
        students.map((s) => async () => {
          const answer = await client.call('POST', `${s.path}/start`, { cookie: s.cookie });
          start.record(answer);
          if (answer.status !== 200) throw new Error(`start: ${answer.status} ${answer.body.slice(0, 200)}`);
          const view = (JSON.parse(answer.body) as { data: Started }).data;
          s.attemptId = view.id;
          s.current = view.questions.at(-1)!.id;
        }),
        RUSH_SECONDS * 1000,
      ),
    );
    const next = new PhaseRecorder('answer and next');
    await measure(next, async () => {
      await Promise.all(
        students.map(async (s) => {
          await sleep(random() * THINK_SECONDS * 1000);
          for (;;) {
            await sleep(THINK_SECONDS * 1000 * (0.5 + random()));
            const p = 1 / (1 + Math.exp(difficulty.get(s.current)! - s.ability));
            const answer = await client.call('POST', `${s.path}/next`, {
              cookie: s.cookie,
              body: { attempt_id: s.attemptId, question_id: s.current, answer: { value: random() < p }, seq: 1 },
            });
            next.record(answer);
            if (answer.status !== 200) throw new Error(`next: ${answer.status} ${answer.body.slice(0, 200)}`);
            s.given += 1;
            const { adaptive } = (JSON.parse(answer.body) as { data: Next }).data;
            if (adaptive.finished || !adaptive.question) return;
            s.current = adaptive.question.id;
          }
        }),
      );
    });
    const submit = new PhaseRecorder('submit');
    await measure(submit, () =>
      spread(
        students.map((s) => async () => {
          submit.record(await client.call('POST', `${s.path}/submit`, { cookie: s.cookie, discard: true }));
        }),
        RUSH_SECONDS * 1000,
      ),
    );
    const lengths = students.map((s) => s.given).sort((a, b) => a - b);
    console.log(
      `\nquestions a student: mean ${(lengths.reduce((a, b) => a + b, 0) / lengths.length).toFixed(1)}, ` +
        `min ${lengths[0]}, max ${lengths.at(-1)}`,
    );
    const p99 = (rows.find((row) => row.phase === 'answer and next')?.p99 as number) ?? Infinity;
    console.log(`answer and next: p99 ${p99} ms (goal: under 150 ms) ${p99 < 150 ? 'MET' : 'NOT MET'}`);
  } finally {
    await client.close();
    await server.stop();
    await drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
