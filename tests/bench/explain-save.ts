/**
 * `npm run bench:explain-save`: the group commit's statement (answer-store.ts) explained on a full
 * exam day's tables (BENCH_STUDENTS students, default 10,000, each with a running attempt and 13
 * answers), for a group of BENCH_GROUP saves (default 90, the mean group of the 10,000-student run),
 * as a one-off plan and as the generic plan a prepared statement settles on. PostgreSQL only
 * (BENCH_DATABASE_URL, an admin URL: the script creates and drops its own database).
 */
import { sql } from 'kysely';
import pg from 'pg';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { openDatabase } from '../../src/server/db/database';
import { groupStatement, type AnswerSave } from '../../src/server/delivery/answer-store';
import { benchDatabase } from './delivery/bench-database';
import { answerFor } from './delivery/prepare';

const ADMIN_URL = process.env.BENCH_DATABASE_URL?.trim();
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 10_000);
const GROUP = Number(process.env.BENCH_GROUP ?? 90);
if (!ADMIN_URL) throw new Error('BENCH_DATABASE_URL (a PostgreSQL admin URL) is needed');

const registry = await loadSchemaRegistry();
const { data, databaseUrl, drop } = await benchDatabase(ADMIN_URL, registry, {
  prefix: 'ltm_explain',
  students: STUDENTS,
  signInOverHttp: 0,
});
const handle = await openDatabase({ databaseUrl, dataDir: '/tmp' });
try {
  const { db } = handle;
  await sql`insert into exam_attempts (student_exam_id, number, seed, started_at, deadline_at, extra_seconds)
    select id, 1, md5(id::text), now(), now() + interval '1 hour', 0 from student_exams`.execute(db);
  await sql`insert into attempt_answers (attempt_id, question_id, answer, seq, saved_at)
    select a.id, q.id, ${JSON.stringify(answerFor('essay'))}::jsonb, 1, now()
    from exam_attempts a cross join (select id from exam_questions where exam_id = ${data.examId} order by id limit 13) q`.execute(
    db,
  );
  await sql`analyze`.execute(db);
  const { rows: targets } = await sql<{ user_id: number; assignment_id: number; attempt_id: number }>`
    select s.user_id, se.id as assignment_id, a.id as attempt_id
    from student_exams se join students s on s.id = se.student_id join exam_attempts a on a.student_exam_id = se.id
    order by random() limit ${GROUP}`.execute(db);
  const group: AnswerSave[] = targets.map((t) => ({
    userId: t.user_id,
    assignmentId: t.assignment_id,
    attemptId: t.attempt_id,
    // As the load generator sends them: 1 to 3 questions at random, essays of 40 to 160 words.
    items: [
      ...new Set(
        Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () =>
          Math.floor(Math.random() * data.questions.length),
        ),
      ),
    ]
      .map((n) => data.questions[n]!)
      .map((q) => ({ question_id: q.id, answer: answerFor(q.kind), seq: 2 })),
    now: new Date(),
    graceMs: 60_000,
  }));
  const compiled = groupStatement(db, group, 'skip locked');
  const parameter = compiled.parameters[0] as string;
  const explain = async (label: string, text: string, values: unknown[] = []) => {
    const { rows } = await handle.executeSql(`explain (analyze, buffers, costs off) ${text}`, values);
    console.log(`\n== ${label}\n${(rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n')}`);
  };
  await explain('one-off plan', compiled.sql, [parameter]);
  // The generic plan needs one connection for the PREPARE, the setting and the EXECUTE.
  const client = new pg.Client({ connectionString: databaseUrl! });
  await client.connect();
  try {
    await client.query(`prepare grouped(jsonb) as ${compiled.sql}`);
    await client.query('set plan_cache_mode = force_generic_plan');
    const literal = `'${parameter.replace(/'/g, "''")}'::jsonb`;
    const { rows } = await client.query(`explain (analyze, buffers, costs off) execute grouped(${literal})`);
    console.log(
      `\n== generic plan (prepared)\n${rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n')}`,
    );
  } finally {
    await client.end();
  }
  await planChoice(compiled.sql, parameter);
} finally {
  await handle.close();
  await drop();
}

/**
 * Which plan the server's prepared statement settles on under the default plan_cache_mode (issue
 * 44): a custom plan is planned again at every execution (about a millisecond a group), a generic
 * one once per connection. Runs the statement as the server does (a named statement through pg)
 * twenty times on one connection, then reads the connection's own pg_prepared_statements.
 */
async function planChoice(text: string, parameter: string) {
  const client = new pg.Client({ connectionString: databaseUrl! });
  await client.connect();
  try {
    await client.query('begin');
    for (let run = 0; run < 20; run++)
      await client.query({ name: 'ltm_store_answer_group', text, values: [parameter] });
    await client.query('rollback');
    const { rows } = await client.query(
      `select generic_plans, custom_plans from pg_prepared_statements where name = 'ltm_store_answer_group'`,
    );
    console.log(`\n== the server's prepared statement after 20 runs: ${JSON.stringify(rows[0])}`);
  } finally {
    await client.end();
  }
}
