import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/server/clock';
import type { Db } from '../../../src/server/db/database';
import { differences, readEverything, type Seen } from '../../helpers/reader-sweep';
import { createTestApp } from '../../helpers/test-app';
import { markFirstCode, NOW, scene, useAnonymousScene } from './anonymous-scene';

/**
 * Anonymous marking, as a property: nothing a marker can read ties a code to a person. One scene
 * (an anonymously marked exam, three students, two of whom submitted answers with a recording) is
 * frozen and forked into two worlds. In the second, the two submitted students swap everything
 * they did for the exam: their codes, attempts' contents, answers and recordings; what stays with
 * each person is what is theirs (ids, names, accounts, assignment and attempt rows, in the order
 * they were made). A corrector then marks by code and reads everything the server lets them read,
 * with every id and code as parameters. If any answer carried anything of the person behind a
 * code, the two worlds would read differently.
 */
useAnonymousScene();

/** Exchanges two rows' values of every column but the named ones (one statement: both read before either is written). */
async function swapColumns(db: Db, table: string, idColumn: string, a: number, b: number, keep: string[]) {
  const { rows } = await sql<{ column_name: string }>`select column_name from information_schema.columns
    where table_name = ${table} and table_schema = current_schema() order by ordinal_position`.execute(db);
  const columns = rows.map((r) => r.column_name).filter((c) => !keep.includes(c));
  const sets = sql.join(columns.map((c) => sql`${sql.ref(c)} = o.${sql.ref(c)}`));
  await sql`update ${sql.table(table)} t set ${sets} from ${sql.table(table)} o
    where (t.${sql.ref(idColumn)} = ${a} and o.${sql.ref(idColumn)} = ${b})
       or (t.${sql.ref(idColumn)} = ${b} and o.${sql.ref(idColumn)} = ${a})`.execute(db);
}

/** Moves the rows of one attempt to the other and back (their keys include the attempt). */
async function swapAttemptRows(db: Db, table: string, a: number, b: number) {
  await sql`create temporary table moved as select * from ${sql.table(table)} where attempt_id in (${a}, ${b})`.execute(
    db,
  );
  await sql`delete from ${sql.table(table)} where attempt_id in (${a}, ${b})`.execute(db);
  await sql`update moved set attempt_id = (case when attempt_id = ${a}::int then ${b}::int else ${a}::int end)`.execute(
    db,
  );
  await sql`insert into ${sql.table(table)} select * from moved`.execute(db);
  await sql`drop table moved`.execute(db);
}

/** The second world: the two submitted students exchange everything they did for the exam. */
async function exchangeStudents(db: Db) {
  const [first, second] = scene.students;
  const rowOf = (studentId: number) =>
    db
      .selectFrom('student_exams as se')
      .innerJoin('exam_attempts as a', 'a.student_exam_id', 'se.id')
      .select(['se.id as assignment_id', 'a.id as attempt_id'])
      .where('se.exam_id', '=', scene.examId)
      .where('se.student_id', '=', studentId)
      .executeTakeFirstOrThrow();
  const x = await rowOf(first.id);
  const y = await rowOf(second.id);
  await db.transaction().execute(async (trx) => {
    // The codes go with what was done; unique within the exam, so through a free value.
    const codes = [scene.codes[0], scene.codes[1]];
    await trx
      .updateTable('student_exams')
      .set({ marking_code: 'SWAPPING' })
      .where('id', '=', x.assignment_id)
      .execute();
    await trx.updateTable('student_exams').set({ marking_code: codes[0] }).where('id', '=', y.assignment_id).execute();
    await trx.updateTable('student_exams').set({ marking_code: codes[1] }).where('id', '=', x.assignment_id).execute();
    // The person keeps when they sat (the monitor and other exams show it beside their name) and
    // how their attempt ended; what they did, and the code that stands for it, go to the other.
    const sitting = ['started_at', 'deadline_at', 'submitted_at'];
    await swapColumns(trx, 'student_exams', 'id', x.assignment_id, y.assignment_id, [
      'id',
      'exam_id',
      'student_id',
      'marking_code',
      'created_at',
      ...sitting,
    ]);
    await swapColumns(trx, 'exam_attempts', 'id', x.attempt_id, y.attempt_id, [
      'id',
      'student_exam_id',
      'number',
      'auto_submitted',
      ...sitting,
    ]);
    await swapAttemptRows(trx, 'attempt_answers', x.attempt_id, y.attempt_id);
    // Each recording now belongs to the student whose answer names it.
    await sql`update media set owner_id = (case when owner_id = ${first.user_id} then ${second.user_id}::int
      else ${first.user_id}::int end) where owner_id in (${first.user_id}, ${second.user_id})`.execute(trx);
  });
}

interface Reading {
  everything: Map<string, Seen>;
  saves: Seen[];
}

/** The plain world's reading by marker: two tests read the plain corrector's, which is read once. */
const plainReadings = new Map<string, Promise<Reading>>();

/** A world: the marker marks the first code's essay, then reads everything. */
function readWorld(exchange: boolean, marker = scene.corrector): Promise<Reading> {
  if (exchange) return readFreshWorld(true, marker);
  const known = plainReadings.get(marker) ?? readFreshWorld(false, marker);
  plainReadings.set(marker, known);
  return known;
}

async function readFreshWorld(exchange: boolean, marker: string): Promise<Reading> {
  const world = await createTestApp({}, new ManualClock(NOW), scene.frozen);
  try {
    if (exchange) await exchangeStudents(world.db);
    const saves = await markFirstCode(world, marker);
    const everything = await readEverything(world.app, marker, sweepPools());
    return { everything, saves };
  } finally {
    await world.close();
  }
}

/** Every id, code and filter the sweep tries, the anonymous exam's among them. */
const sweepPools = () => ({
  id: [scene.examId, 999999],
  studentId: [...scene.students.map((s) => s.id), 999999],
  code: [...scene.codes, 'ZZZZZZZZ'],
  questionId: scene.questionIds,
  fileName: scene.recordings,
  part: ['', 'w1'],
  search: [scene.codes[0], scene.students[0].name, 'Student'],
  'filter[exam_status_id]': [1, 2, 3, 4, 5],
  'filter[student_exam_status_id]': [1, 2, 3],
  'filter[needs_deciding]': ['1', '0'],
  'filter[student.school_id]': [scene.schoolId],
  'filter[student.school_class_id]': [scene.classId],
});

/**
 * The sweep without the wall clock's instants and request ids: the audit log stamps its rows with
 * the database's time, which differs between two worlds read a few seconds apart.
 */
function unclocked(everything: Map<string, Seen>): Map<string, Seen> {
  const instant = /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?Z?/g;
  const requestId = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
  return new Map(
    [...everything].map(([url, seen]) => [
      url,
      url.startsWith('/api/audit-log')
        ? { ...seen, body: seen.body.replace(instant, 'INSTANT').replace(requestId, 'REQUEST') }
        : seen,
    ]),
  );
}

/** Every `student_id`, `attempt_id`, `assignment_id` or `user_id` with a value, and every `id` of a `student`. */
function personKeys(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => personKeys(item, `${path}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    const here = `${path}.${key}`;
    const named = ['student_id', 'attempt_id', 'assignment_id', 'user_id', 'owner_id'].includes(key);
    const studentId = key === 'id' && /\.student$/.test(path);
    return [...(inner !== null && (named || studentId) ? [here] : []), ...personKeys(inner, here)];
  });
}

describe('anonymous marking as a property', () => {
  it('reads the same, byte for byte, whoever is behind each code', async () => {
    const plain = await readWorld(false);
    const exchanged = await readWorld(true);
    expect(plain.saves.map((s) => s.status)).toEqual([200, 200, 404, 404, 404]);
    expect(exchanged.saves).toEqual(plain.saves);
    expect(differences(plain.everything, exchanged.everything)).toEqual([]);

    // The sweep read the anonymous exam's lists, views, neighbours and recordings, not only refusals.
    const reached = [...plain.everything.entries()].filter(([, seen]) => seen.status === 200).map(([url]) => url);
    const exam = `/api/exams/${scene.examId}`;
    for (const path of [
      `${exam}/assigned/students`,
      `${exam}/assigned/filters`,
      `${exam}/anonymous/${scene.codes[0]}/correction`,
      `${exam}/anonymous/${scene.codes[0]}/neighbours`,
      `${exam}/anonymous/${scene.codes[0]}/recordings/`,
    ])
      expect(
        reached.some((url) => url.startsWith(path)),
        path,
      ).toBe(true);
  }, 300_000);

  it('reads the same whoever is behind each code for a marker who is an author too, kept from the monitor and the named results', async () => {
    const plain = await readWorld(false, scene.correctorAuthor);
    const exchanged = await readWorld(true, scene.correctorAuthor);
    expect(plain.saves.map((s) => s.status)).toEqual([200, 200, 404, 404, 404]);
    expect(differences(plain.everything, exchanged.everything)).toEqual([]);
    const exam = `/api/exams/${scene.examId}`;
    for (const path of [`${exam}/monitor`, `${exam}/results/export?format=csv`]) {
      const seen = plain.everything.get(path);
      expect(seen?.status, path).toBe(403);
      expect(JSON.parse(seen!.body).message).toContain('anonymously');
    }
  }, 300_000);

  it('reads the same whoever is behind each code for a marker who is the school staff too, kept from the named views', async () => {
    const plain = await readWorld(false, scene.correctorSchool);
    const exchanged = await readWorld(true, scene.correctorSchool);
    expect(plain.saves.map((s) => s.status)).toEqual([200, 200, 404, 404, 404]);
    expect(differences(plain.everything, exchanged.everything)).toEqual([]);
    expect(plain.everything.get(`/api/exams/${scene.examId}/monitor`)?.status).toBe(403);
    // The school's students are theirs to read, without what the anonymous exam would join.
    const profile = plain.everything.get(`/api/students/${scene.students[0].id}/profile`);
    expect(profile?.status).toBe(200);
    expect(profile!.body).toContain(scene.students[0].name);
  }, 300_000);

  it('reads the same whoever is behind each code for an administrator who marks, the audit log included', async () => {
    const plain = await readWorld(false, scene.admin);
    const exchanged = await readWorld(true, scene.admin);
    expect(plain.saves.map((s) => s.status)).toEqual([200, 200, 404, 404, 404]);
    expect(differences(unclocked(plain.everything), unclocked(exchanged.everything))).toEqual([]);
    // The log was read, and names the save by its code alone.
    const log = plain.everything.get('/api/audit-log');
    expect(log?.status).toBe(200);
    expect(log!.body).toContain(`marking_codes/${scene.codes[0]}`);
    expect(log!.body).not.toContain('exam_attempts/');
  }, 600_000);

  it('gives a marker no name, id, account or recording file of a student, in any answer', async () => {
    const { everything } = await readWorld(false);
    const names = scene.students.map((s) => s.name);
    for (const [url, seen] of everything) {
      for (const name of names) expect(seen.body, url).not.toContain(name);
      for (const file of scene.recordings) expect(seen.body.includes(file) ? url : null).toBeNull();
      if (seen.body.startsWith('{')) expect(personKeys(JSON.parse(seen.body)), url).toEqual([]);
    }
  }, 300_000);
});
