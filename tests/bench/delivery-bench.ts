/**
 * `npm run bench:delivery`: the exam day on a real server process over real HTTP (issue 12).
 * Prepares its data in the database, then plays: a sign-in rush (a sample over HTTP: scrypt is a
 * capacity figure), a start rush within 60 s, answering (a batch every 5 s per student on average),
 * a submit rush within 60 s; then answer saves and the bare baseline route at saturation. While
 * students answer, their players beat when their saves go quiet, and 20 supervisors read the
 * exam-day monitor of the whole exam every 5 s (issue 26: p95 under 200 ms at 10,000 students).
 * Prints a table per phase and appends the run to docs/bench/delivery-runs.json.
 *
 * BENCH_STUDENTS (1000), BENCH_ANSWER_SECONDS (120), BENCH_DATABASE_URL (PostgreSQL; PGlite when
 * unset), WEB_CONCURRENCY (server processes, PostgreSQL only), BENCH_CONNECTIONS (512),
 * BENCH_SIGNINS (students signing in over HTTP: 200), BENCH_ANSWERING (students who answer: all),
 * BENCH_CPU_PROF (a folder: the server's V8 CPU profile of each phase is written there, as
 * PHASE.cpuprofile; read one with `npm run bench:profile -- FILE`; one server process only).
 */
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { startServer } from '../e2e/server-process';
import { httpClient, PhaseRecorder, saturate, sleep, spread } from './delivery/load';
import { benchDatabase } from './delivery/bench-database';
import { BENCH_PASSWORD, studentAnswerFor, viewsOf } from './delivery/prepare';
import {
  groupFigures,
  msPerRequest,
  printGroups,
  printPhase,
  printVerdicts,
  record,
  saveProfile,
  type PhaseFigures,
} from './delivery/report';
import { cpuPercent, ownCpuSeconds, postgresCpuSeconds, usageOf, watchPostgres } from './delivery/server-stats';
import {
  ADMIN_URL,
  ANSWER_SECONDS,
  ANSWERING,
  CONNECTIONS,
  COOKIE,
  CPU_PROFILE_DIR,
  HEARTBEAT_MS,
  MONITOR_EVERY_MS,
  PROCESSES,
  RUSH_SECONDS,
  SATURATE_SECONDS,
  SAVE_GROUP,
  SIGNINS,
  STUDENTS,
} from './delivery/settings';

async function prepare() {
  const registry = await loadSchemaRegistry();
  const started = performance.now();
  const prepared = await benchDatabase(ADMIN_URL, registry, {
    prefix: 'ltm_bench',
    students: STUDENTS,
    signInOverHttp: SIGNINS,
  });
  console.log(`prepared ${STUDENTS} students in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://assess.example.org',
    LOG_LEVEL: 'warn',
    BENCH_BASELINE_ROUTE: '1',
    WEB_CONCURRENCY: String(PROCESSES),
    ...(prepared.databaseUrl ? { DATABASE_URL: prepared.databaseUrl } : {}),
  };
  return { ...prepared, env };
}

async function main() {
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  console.log(`${new Date().toISOString()}  ${machine}`);
  console.log(
    `students ${STUDENTS} (${ANSWERING} answering), database ${ADMIN_URL ? 'postgres' : 'pglite'}, server processes ${PROCESSES}, client connections ${CONNECTIONS}, group commit ${SAVE_GROUP}\n`,
  );
  const { data, env, dataDir, drop } = await prepare();
  const server = await startServer({
    needsConsole: false,
    env,
    dataDir,
  });
  const client = httpClient(server.url, CONNECTIONS);
  const stopWatching = ADMIN_URL ? watchPostgres() : () => {};
  const phases: PhaseFigures[] = [];
  const measure = async (recorder: PhaseRecorder, run: () => Promise<void>) => {
    const before = usageOf(server.pid);
    const [dbBefore, clientBefore] = [postgresCpuSeconds(), ownCpuSeconds()];
    if (CPU_PROFILE_DIR) await client.call('POST', '/api/bench/profile/start', { body: {} });
    recorder.begin();
    await run();
    recorder.finish();
    if (CPU_PROFILE_DIR) await saveProfile(client, recorder.name);
    const after = usageOf(server.pid);
    const figures = recorder.summary();
    const share = (seconds: number) => Math.round((seconds / figures.seconds) * 100);
    const [serverPercent, dbPercent] = [
      cpuPercent(before, after, figures.seconds),
      ADMIN_URL ? share(postgresCpuSeconds() - dbBefore) : 0,
    ];
    phases.push({
      ...figures,
      cpu_percent: serverPercent,
      db_cpu_percent: dbPercent,
      client_cpu_percent: share(ownCpuSeconds() - clientBefore),
      rss_mb: after.rssMb,
      server_ms_per_request: msPerRequest(serverPercent, figures.seconds, figures.requests),
      db_ms_per_request: msPerRequest(dbPercent, figures.seconds, figures.requests),
    });
    printPhase(phases.at(-1)!);
  };
  try {
    const cookies: string[] = data.students.map((s) => (s.token ? `${COOKIE}=${s.token}` : ''));

    // 1. Sign-in rush: a sample over HTTP, as fast as the server takes them (scrypt is meant to be slow).
    const signIn = new PhaseRecorder('sign-in');
    let nextSignIn = 0;
    await measure(signIn, () =>
      saturate(os.cpus().length * 4, 3600, async () => {
        const index = nextSignIn++;
        if (index >= SIGNINS) return false;
        const answer = await client.call('POST', '/api/login', {
          body: { email: data.students[index]!.email, password: BENCH_PASSWORD },
        });
        signIn.record(answer);
        if (answer.cookie) cookies[index] = answer.cookie;
        return true;
      }),
    );

    // 2. Start rush: everyone starts within RUSH_SECONDS.
    const start = new PhaseRecorder('start rush');
    // Each attempt's question views: its answers go in the ids they show.
    const views = data.students.map(() => new Map<number, unknown>());
    const attemptIds = data.students.map(() => 0);
    await measure(start, () =>
      spread(
        data.students.map((s, i) => async () => {
          const started = await client.call('POST', `/api/student/exams/${s.assignmentId}/start`, {
            cookie: cookies[i],
          });
          start.record(started);
          if (started.status === 200) {
            views[i] = viewsOf(started.body);
            attemptIds[i] = (JSON.parse(started.body) as { data: { id: number } }).data.id;
          }
        }),
        RUSH_SECONDS * 1000,
      ),
    );

    // 3. Answering: each student saves a batch of 1 to 3 answers every 5 s on average.
    const answering = new PhaseRecorder('answering');
    const groupsBefore = await groupFigures(client);
    const seqs = data.students.map(() => new Map<number, number>());
    const batchOf = (student: number) => {
      const size = 1 + Math.floor(Math.random() * 3);
      const answers = [];
      for (let k = 0; k < size; k++) {
        const question = data.questions[Math.floor(Math.random() * data.questions.length)]!;
        const seq = (seqs[student]!.get(question.id) ?? 0) + 1;
        seqs[student]!.set(question.id, seq);
        answers.push({
          question_id: question.id,
          answer: studentAnswerFor(question.kind, views[student]!.get(question.id)),
          seq,
        });
      }
      // One question once per batch: the last change wins.
      return [...new Map(answers.map((a) => [a.question_id, a])).values()];
    };
    // Beside the students: the server's health route every 250 ms (its own latency, with one trivial
    // query), and this process's event loop delay, to tell a server stall from a load generator one.
    const probe = new PhaseRecorder('health probe');
    // Issue 26: the players' heartbeats (a student whose save went quiet for 8 s beats), and the
    // exam-day monitor read by STAFF_WATCHERS supervisors every 5 s, on connections of their own.
    const heartbeat = new PhaseRecorder('heartbeat');
    const monitor = new PhaseRecorder('monitor (staff)');
    const staffClient = httpClient(server.url, data.staff.length);
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    await measure(answering, async () => {
      const end = performance.now() + ANSWER_SECONDS * 1000;
      loopDelay.enable();
      const probing = (async () => {
        while (performance.now() < end) {
          probe.record(await client.call('GET', '/api/health'));
          await sleep(250);
        }
      })();
      const watching = data.staff.map(async (token, w) => {
        await sleep((w / data.staff.length) * MONITOR_EVERY_MS);
        while (performance.now() < end) {
          monitor.record(
            await staffClient.call('GET', `/api/exams/${data.examId}/monitor`, {
              cookie: `${COOKIE}=${token}`,
              discard: true,
            }),
          );
          await sleep(MONITOR_EVERY_MS);
        }
      });
      await Promise.all(
        data.students.slice(0, ANSWERING).map(async (s, i) => {
          await sleep(Math.random() * 5000);
          while (performance.now() < end) {
            answering.record(
              await client.call('PUT', `/api/student/exams/${s.assignmentId}/answers`, {
                cookie: cookies[i],
                // As the player sends it: the attempt the answers were given in.
                body: { attempt_id: attemptIds[i], answers: batchOf(i) },
                discard: true,
              }),
            );
            // The pause is cut at the phase's end, so that requests per second count the phase alone
            // (uncut, the longest of thousands of random pauses added some 40 s to it).
            let pause = Math.min(-Math.log(1 - Math.random()) * 5000, Math.max(0, end - performance.now()));
            // A pause longer than the heartbeat's period: the player beats as the page would.
            while (pause > HEARTBEAT_MS) {
              await sleep(HEARTBEAT_MS);
              pause -= HEARTBEAT_MS;
              heartbeat.record(
                await client.call('POST', `/api/student/exams/${s.assignmentId}/heartbeat`, {
                  cookie: cookies[i],
                  body: { attempt_id: attemptIds[i], unsent: 0 },
                  discard: true,
                }),
              );
            }
            await sleep(pause);
          }
        }),
      );
      await probing;
      await Promise.all(watching);
      loopDelay.disable();
    });
    await staffClient.close();
    const groupsAfterAnswering = await groupFigures(client);
    const groupsAnswering = printGroups('answering', groupsBefore, groupsAfterAnswering);
    for (const extra of [heartbeat, monitor]) {
      const figures = extra.summary();
      phases.push({
        ...figures,
        cpu_percent: 0,
        db_cpu_percent: 0,
        client_cpu_percent: 0,
        rss_mb: 0,
        server_ms_per_request: 0,
        db_ms_per_request: 0,
      });
      printPhase(phases.at(-1)!);
    }
    const probed = probe.summary();
    const timeline = answering.bySecond();
    console.log(
      `  answering by second: p99 over 150 ms in ${timeline.over} of ${timeline.seconds} s; worst ${timeline.worst
        .map((w) => `${w.second}s ${w.p99} ms (${w.requests} req)`)
        .join(', ')}`,
    );
    console.log(
      `  health probe during answering: p50 ${probed.p50} p99 ${probed.p99} max ${probed.max} ms; load generator event loop delay p99 ${Math.round(loopDelay.percentile(99) / 1e6)} max ${Math.round(loopDelay.max / 1e6)} ms`,
    );

    // 4. Saves and the bare baseline at saturation: the ratio says what the checks cost.
    const saves = new PhaseRecorder('saves, saturated');
    const workers = Math.min(CONNECTIONS, 256);
    await measure(saves, () =>
      saturate(workers, SATURATE_SECONDS, async () => {
        const i = Math.floor(Math.random() * data.students.length);
        saves.record(
          await client.call('PUT', `/api/student/exams/${data.students[i]!.assignmentId}/answers`, {
            cookie: cookies[i],
            body: { attempt_id: attemptIds[i], answers: batchOf(i) },
            discard: true,
          }),
        );
      }),
    );
    const groupsSaturated = printGroups('saves saturated', groupsAfterAnswering, await groupFigures(client));
    const baseline = new PhaseRecorder('baseline, saturated');
    await measure(baseline, () =>
      saturate(workers, SATURATE_SECONDS, async () => {
        const i = Math.floor(Math.random() * data.students.length);
        baseline.record(
          await client.call('PUT', '/api/bench/baseline', {
            body: { id: i + 1, payload: batchOf(i), seq: 1 },
            discard: true,
          }),
        );
      }),
    );

    // 5. Submit rush: everyone submits within RUSH_SECONDS.
    const submit = new PhaseRecorder('submit rush');
    await measure(submit, () =>
      spread(
        data.students.map((s, i) => async () => {
          submit.record(
            await client.call('POST', `/api/student/exams/${s.assignmentId}/submit`, {
              cookie: cookies[i],
              discard: true,
            }),
          );
        }),
        RUSH_SECONDS * 1000,
      ),
    );

    // 6. The monitor's own cost at full size, with nothing else running: one supervisor, one read at a
    // time, each of another view (so none is a shared reading).
    const quiet = new PhaseRecorder('monitor, quiet');
    await measure(quiet, async () => {
      for (let k = 0; k < 20; k++)
        quiet.record(
          await client.call('GET', `/api/exams/${data.examId}/monitor?per_page=${50 + k}`, {
            cookie: `${COOKIE}=${data.staff[0]}`,
          }),
        );
    });

    const ratio = printVerdicts(phases, data.staff.length);
    // A profiled run is slower than a plain one: its figures are not the record's.
    if (!CPU_PROFILE_DIR)
      record({
        date: new Date().toISOString(),
        machine,
        students: STUDENTS,
        database: ADMIN_URL ? 'postgres' : 'pglite',
        processes: PROCESSES,
        save_group: SAVE_GROUP,
        groups: { answering: groupsAnswering, saturated: groupsSaturated },
        answer_seconds: ANSWER_SECONDS,
        answering: ANSWERING,
        rush_seconds: RUSH_SECONDS,
        baseline_ratio: Math.round(ratio * 100) / 100,
        phases,
      });
  } finally {
    stopWatching();
    await client.close();
    await server.stop();
    await drop();
  }
}

await main();
