/**
 * `npm run bench:web-reports` (issue 15): the web reports and item analysis at scale, over real HTTP.
 * 1. Seeds 414,000 assignments (1,000 schools, 3 grades, 3 rounds, 2 academic years, 4 skills; 97%
 *    with a corrected result in the reporting table) and an exam of 40 questions with 10,000
 *    corrected attempts, straight into a database of its own.
 * 2. Times the 24-hour refresh of every aggregate (goal on PostgreSQL: under 60 s).
 * 3. Asks `GET /api/web-report/results` for every kind of filter combination the console can send,
 *    `BENCH_RUNS` times each (default 40), and prints p50, p95 and max (goal: p95 under 300 ms).
 * 4. Times `GET /api/exams/{id}/item-analysis` (goal: under 1 s), with everything it gives (classical
 *    statistics, Rasch calibration, DIF, marker agreement), from the item scores kept with each result,
 *    and once more as if they had not been kept.
 * PGlite by default; `BENCH_DATABASE_URL` (an admin URL) runs it on PostgreSQL in a database it
 * creates and drops.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import pg from 'pg';
import { ROLES } from '../../src/common/permissions';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { prepareDatabase } from '../../src/server/setup/prepare';
import { refreshWebReports } from '../../src/server/web-reports/index';
import { databaseUrlFor } from '../helpers/db-template';
import { buildUser } from '../helpers/factories';
import { seedWebReportBench } from './web-reports/seed';

const ADMIN_URL = process.env.BENCH_DATABASE_URL?.trim() || null;
const RUNS = Number(process.env.BENCH_RUNS) || 40;
/** `analysis`: seed and time the item analysis only. */
const ONLY_ANALYSIS = process.env.BENCH_ONLY === 'analysis';
const REFRESHES = 3;
const ANALYSES = 7;

async function asAdmin(statement: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL! });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const seconds = (since: number) => (performance.now() - since) / 1000;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

async function main() {
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  console.log(`${new Date().toISOString()}  ${machine}`);
  console.log(`database: ${ADMIN_URL ? 'postgres' : 'pglite'}, ${RUNS} requests per combination\n`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ltm-web-bench-'));
  const name = `ltm_web_bench_${Date.now().toString(36)}`;
  if (ADMIN_URL) await asAdmin(`create database ${name}`);
  const handle = await openDatabase({ databaseUrl: ADMIN_URL ? databaseUrlFor(ADMIN_URL, name) : null, dataDir });
  try {
    await prepareDatabase(handle.db);
    const registry = await loadSchemaRegistry();
    let started = performance.now();
    const data = await seedWebReportBench(handle.db, registry, ONLY_ANALYSIS);
    // PostgreSQL's autovacuum gathers statistics of freshly loaded tables within a minute or so; the
    // bench does it at once. PGlite runs no autovacuum (nor does the product for it): left as loaded.
    if (ADMIN_URL) await sql`analyze`.execute(handle.db);
    console.log(
      `seeded ${data.results} results and 10,000 attempts of 40 questions in ${seconds(started).toFixed(1)} s`,
    );

    if (!ONLY_ANALYSIS) {
      const refreshes: number[] = [];
      let rows = 0;
      for (let i = 0; i < REFRESHES; i++) {
        started = performance.now();
        rows = (await refreshWebReports(handle.db, 'schedule', () => new Date())).rows;
        refreshes.push(seconds(started));
      }
      refreshes.sort((a, b) => a - b);
      console.log(
        `refresh of every aggregate (${rows} rows): min ${refreshes[0].toFixed(2)} s, median ${refreshes[1].toFixed(2)} s, max ${refreshes[2].toFixed(2)} s (goal on PostgreSQL: under 60 s)\n`,
      );
    }

    const analysisLogs: { ms: number; phases: Record<string, number> }[] = [];
    const config = loadConfig(
      { NODE_ENV: 'test', DATA_DIR: dataDir, JOBS_ENABLED: 'false', LOG_LEVEL: 'info' },
      { clientDir: path.resolve('tests/fixtures/client') },
    );
    const app = await buildApp({
      config,
      database: handle,
      // Every log line dropped but the analysis' own, whose phases are printed below.
      logStream: new Writable({
        write: (chunk, _e, done) => {
          const line = String(chunk);
          if (line.includes('item analysis computed')) analysisLogs.push(JSON.parse(line));
          done();
        },
      }),
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const signIn = async (role: string, schoolId?: number) => {
      const user = await buildUser(handle.db, { role });
      if (schoolId)
        await handle.db.insertInto('user_schools').values({ user_id: user.id, school_id: schoolId }).execute();
      const response = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
      return (response.headers.get('set-cookie') ?? '').split(';')[0];
    };
    const admin = await signIn(ROLES.admin);
    const staff = await signIn(ROLES.school, data.schoolIds[0]);
    const ids = (key: string, values: number[]) => values.map((v) => `${key}[]=${v}`).join('&');
    const [school] = data.schoolIds;
    const ten = data.schoolIds.slice(0, 10);
    const base = `platform_id=${data.platformId}`;
    const combos: [string, string, string][] = [
      ['everything', base, admin],
      ['one academic year', `${base}&${ids('academic_year_id', [data.yearIds[0]])}`, admin],
      ['one round', `${base}&${ids('round_id', [data.roundIds[0]])}`, admin],
      ['one grade', `${base}&${ids('grade_id', [data.gradeIds[0]])}`, admin],
      [
        'year + round + grade',
        `${base}&${ids('academic_year_id', [data.yearIds[1]])}&${ids('round_id', [data.roundIds[1]])}&${ids('grade_id', [data.gradeIds[1]])}`,
        admin,
      ],
      ['one school', `${base}&${ids('school_id', [school])}`, admin],
      [
        'leaderboard (school, round, grade)',
        `${base}&${ids('school_id', [school])}&${ids('round_id', [data.roundIds[0]])}&${ids('grade_id', [data.gradeIds[0]])}`,
        admin,
      ],
      ['10 schools, comparative by school', `${base}&${ids('school_id', ten)}&show_comparative=1`, admin],
      [
        '100 schools, comparative by school',
        `${base}&${ids('school_id', data.schoolIds.slice(0, 100))}&show_comparative=1`,
        admin,
      ],
      ['comparative by round', `${base}&${ids('round_id', data.roundIds)}&show_comparative=1`, admin],
      ['comparative by year', `${base}&${ids('academic_year_id', data.yearIds)}&show_comparative=1`, admin],
      ['every platform, no filter', '', admin],
      ['school staff, their school', base, staff],
      [
        'school staff, leaderboard',
        `${base}&${ids('round_id', [data.roundIds[2]])}&${ids('grade_id', [data.gradeIds[2]])}`,
        staff,
      ],
    ];
    let worst = 0;
    console.log(`${'GET /api/web-report/results'.padEnd(38)}    p50      p95      max`);
    for (const [title, query, cookie] of ONLY_ANALYSIS ? [] : combos) {
      const times: number[] = [];
      for (let i = 0; i < RUNS + 3; i++) {
        const t0 = performance.now();
        const response = await fetch(`${url}/api/web-report/results?${query}`, { headers: { cookie } });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${title}: ${response.status}`);
        if (i >= 3) times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const [p50, p95, max] = [quantile(times, 0.5), quantile(times, 0.95), times.at(-1)!];
      worst = Math.max(worst, p95);
      console.log(
        `${title.padEnd(38)} ${p50.toFixed(1).padStart(6)} ms ${p95.toFixed(1).padStart(6)} ms ${max.toFixed(1).padStart(6)} ms`,
      );
    }
    if (!ONLY_ANALYSIS) console.log(`worst p95: ${worst.toFixed(1)} ms (goal: under 300 ms)\n`);

    // Cold: a result changed since the last view (one attempt touched), so every answer is read again.
    // Warm: nothing changed, the analysis comes from the process's cache after its fingerprint query.
    const analyse = async () => {
      const t0 = performance.now();
      const response = await fetch(`${url}/api/exams/${data.analysisExamId}/item-analysis`, {
        headers: { cookie: admin },
      });
      const body = (await response.json()) as { data: { exam: { attempts: number; alpha: number } } };
      return { ms: performance.now() - t0, exam: body.data.exam };
    };
    const touch = sql`update exam_attempts set updated_at = now() where id = (select max(a.id) from exam_attempts a
      join student_exams se on se.id = a.student_exam_id where se.exam_id = ${data.analysisExamId})`;
    const cold: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < ANALYSES; i++) {
      await touch.execute(handle.db);
      const first = await analyse();
      cold.push(first.ms);
      warm.push((await analyse()).ms);
      if (i === 0) console.log(`item analysis: ${first.exam.attempts} attempts, alpha ${first.exam.alpha}`);
    }
    // Where a cold computation's time goes (median of each phase over the cold runs).
    const phaseNames = Object.keys(analysisLogs[0]?.phases ?? {});
    const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    console.log(
      `cold computation's phases (median ms): ${phaseNames.map((name) => `${name} ${medianOf(analysisLogs.map((l) => l.phases[name]))}`).join(', ')}; in all ${medianOf(analysisLogs.map((l) => l.ms))}`,
    );
    // The same cold analysis as if every result had been stored before item scores were kept with it
    // (migration 0023): every answer and mark read again.
    const unkept: number[] = [];
    await sql`update exam_attempts a set item_scores = null from student_exams se
      where se.id = a.student_exam_id and se.exam_id = ${data.analysisExamId}`.execute(handle.db);
    for (let i = 0; i < 3; i++) {
      await touch.execute(handle.db);
      unkept.push((await analyse()).ms);
    }
    for (const [label, times] of [
      ['cold (results changed)', cold],
      ['warm (unchanged, cached)', warm],
      ['cold, item scores not kept (read from answers)', unkept],
    ] as const) {
      times.sort((a, b) => a - b);
      console.log(
        `item analysis of 10,000 attempts x 40 questions, ${label}: min ${times[0].toFixed(0)} ms, median ${quantile(times, 0.5).toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms (goal: under 1,000 ms)`,
      );
    }
    await app.close();
  } finally {
    await handle.close().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (ADMIN_URL) await asAdmin(`drop database if exists ${name} with (force)`);
  }
}

await main();
