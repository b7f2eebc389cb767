import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../../src/common/permissions';
import { ManualClock } from '../../../src/server/clock';
import type { Db } from '../../../src/server/db/database';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { call } from '../../helpers/api-client';
import { buildCorrectionScene } from '../../helpers/correction-factory';
import { createUser } from '../../../src/server/users/users-service';
import { buildUser, signIn, TEST_PASSWORD } from '../../helpers/factories';
import { differences, readEverything, type Seen } from '../../helpers/reader-sweep';
import { createTestApp, type FrozenApp, type TestContext } from '../../helpers/test-app';

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
const NOW = new Date('2026-06-05T09:00:00Z');

interface Scene {
  frozen: FrozenApp;
  examId: number;
  questionIds: number[];
  essayId: number;
  students: { id: number; name: string; user_id: number | null }[];
  codes: string[];
  recordings: string[];
  schoolId: number;
  classId: number;
  corrector: string;
  /** A marker who is an author too: the exam-day monitor and the results are theirs to read. */
  correctorAuthor: string;
  /** A marker who is the school's staff too: the school's students, by name, are theirs to read. */
  correctorSchool: string;
  /** An administrator: may read and mark everything. */
  admin: string;
}

let base: TestContext;
let scene: Scene;
beforeAll(async () => {
  base = await createTestApp({}, new ManualClock(NOW));
  const registry = await loadSchemaRegistry();
  const built = await buildCorrectionScene(base.app, base.db, registry, {
    count: 3,
    unsubmitted: 1,
    exam: { anonymous_marking: true },
  });
  const corrector = await signIn(base.app, await buildUser(base.db, { role: ROLES.corrector, name: 'Marker' }));
  const students = await base.db
    .selectFrom('students')
    .select(['id', 'name', 'user_id'])
    .where(
      'id',
      'in',
      built.students.map((s) => s.id),
    )
    .orderBy('id')
    .execute();
  const assignments = await base.db
    .selectFrom('student_exams')
    .select(['student_id', 'marking_code'])
    .where('exam_id', '=', built.exam.id)
    .orderBy('student_id')
    .execute();
  const both = { name: 'Marker and author', email: 'marker-author@example.test', password: TEST_PASSWORD };
  await createUser(base.db, { ...both, roles: [ROLES.corrector, ROLES.author] });
  const correctorAuthor = await signIn(base.app, both);
  const staff = { name: 'Marker and school staff', email: 'marker-staff@example.test', password: TEST_PASSWORD };
  const staffId = await createUser(base.db, { ...staff, roles: [ROLES.corrector, ROLES.school] });
  await base.db.insertInto('user_schools').values({ user_id: staffId, school_id: built.school.id }).execute();
  const correctorSchool = await signIn(base.app, staff);
  const admin = await signIn(base.app, await buildUser(base.db, { role: ROLES.admin, name: 'Administrator' }));
  await personalize(base.db, built.exam.id, students);
  const media = await base.db.selectFrom('media').select('file_name').where('kind', '=', 'audio').execute();
  scene = {
    frozen: await base.freeze(),
    examId: built.exam.id,
    questionIds: Object.values(built.q).map((q) => q.id),
    essayId: built.q.essay.id,
    students,
    codes: assignments.map((a) => a.marking_code),
    recordings: media.map((m) => m.file_name),
    schoolId: built.school.id,
    classId: built.schoolClass.id,
    corrector,
    correctorAuthor,
    correctorSchool,
    admin,
  };
  expect(scene.recordings).toHaveLength(2);
}, 120_000);
afterAll(() => base.close());

/**
 * What another answer shows beside a name must differ between the two submitted students for the
 * property to mean anything: each is given instants of their own (to the millisecond, as a sitting
 * gives them), and the second left one answer blank (the monitor counts answers by name).
 */
async function personalize(db: Db, examId: number, students: { id: number }[]) {
  const times = [
    ['2026-06-05T08:10:01.123Z', '2026-06-05T08:40:07.456Z'],
    ['2026-06-05T08:12:31.789Z', '2026-06-05T08:47:55.012Z'],
  ];
  for (const [index, [started, submitted]] of times.entries()) {
    const assignment = await db
      .selectFrom('student_exams')
      .select('id')
      .where('exam_id', '=', examId)
      .where('student_id', '=', students[index].id)
      .executeTakeFirstOrThrow();
    const at = { started_at: new Date(started), submitted_at: new Date(submitted) };
    await db.updateTable('student_exams').set(at).where('id', '=', assignment.id).execute();
    await db.updateTable('exam_attempts').set(at).where('student_exam_id', '=', assignment.id).execute();
    if (index === 1)
      await sql`delete from attempt_answers where question_id = (select min(question_id) from attempt_answers
        where attempt_id = (select id from exam_attempts where student_exam_id = ${assignment.id}))
        and attempt_id = (select id from exam_attempts where student_exam_id = ${assignment.id})`.execute(db);
  }
}

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

/** Two saves of the first code's essay, then the same save naming each student by id: what each answered. */
async function markFirstCode(world: TestContext, marker: string): Promise<Seen[]> {
  const saves: Seen[] = [];
  for (const [version, mark] of [2, 3.5].entries()) {
    const saved = await call(
      world.app,
      'POST',
      '/api/exams/submit/correction',
      {
        exam_id: scene.examId,
        code: scene.codes[0],
        version,
        corrections: [{ question_id: scene.essayId, mark, comment: 'A clear essay.' }],
      },
      { cookie: marker },
    );
    saves.push({ status: saved.statusCode, body: saved.body });
  }
  // Naming the student by id is refused alike, whoever it is.
  for (const student of scene.students) {
    const refused = await call(
      world.app,
      'POST',
      '/api/exams/submit/correction',
      {
        exam_id: scene.examId,
        student_id: student.id,
        version: 0,
        corrections: [{ question_id: scene.essayId, mark: 1 }],
      },
      { cookie: marker },
    );
    saves.push({ status: refused.statusCode, body: refused.body });
  }
  return saves;
}

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

  it('refuses the marking to whoever read the students by name first, whichever named view they read', async () => {
    const exam = `/api/exams/${scene.examId}`;
    const readers = [
      { who: 'marker and author', cookie: scene.correctorAuthor, read: `${exam}/monitor` },
      { who: 'marker and school staff', cookie: scene.correctorSchool, read: `${exam}/monitor` },
      {
        who: "marker and school staff, by a student's profile",
        cookie: scene.correctorSchool,
        read: `/api/students/${scene.students[0].id}/profile`,
      },
      { who: 'administrator', cookie: scene.admin, read: `${exam}/results/export?format=csv` },
    ];
    for (const reader of readers) {
      const world = await createTestApp({}, new ManualClock(NOW), scene.frozen);
      try {
        const named = await call(world.app, 'GET', reader.read, undefined, { cookie: reader.cookie });
        expect(named.statusCode, reader.who).toBe(200);
        const saves = await markFirstCode(world, reader.cookie);
        expect(
          saves.slice(0, 2).map((s) => s.status),
          reader.who,
        ).toEqual([403, 403]);
        expect(JSON.parse(saves[0].body).message).toContain('by name');
        for (const path of [
          `${exam}/anonymous/${scene.codes[0]}/correction`,
          `${exam}/anonymous/${scene.codes[0]}/recordings/${scene.essayId}`,
        ]) {
          const refused = await call(world.app, 'GET', path, undefined, { cookie: reader.cookie });
          expect(refused.statusCode, `${reader.who}: ${path}`).toBe(403);
        }
        const marks = await world.db.selectFrom('correction_marks').select('attempt_id').execute();
        expect(marks, reader.who).toEqual([]);
        // A plain corrector, who reads no one by name, marks on.
        expect((await markFirstCode(world, scene.corrector)).slice(0, 2).map((s) => s.status)).toEqual([200, 200]);
      } finally {
        await world.close();
      }
    }
  }, 300_000);

  it('refuses the named views to whoever read by code first, without saving, and lets one side of two at once win', async () => {
    const exam = `/api/exams/${scene.examId}`;
    const world = await createTestApp({}, new ManualClock(NOW), scene.frozen);
    try {
      const as = (path: string, cookie: string) => call(world.app, 'GET', path, undefined, { cookie });
      // Reading the codes' list (or one code's answers) is the code side, saved or not.
      expect((await as(`${exam}/assigned/students`, scene.correctorAuthor)).statusCode).toBe(200);
      const monitor = await as(`${exam}/monitor`, scene.correctorAuthor);
      expect(monitor.statusCode).toBe(403);
      expect(monitor.json().message).toContain('anonymously');
      expect((await as(`${exam}/anonymous/${scene.codes[0]}/correction`, scene.correctorSchool)).statusCode).toBe(200);
      const profile = await as(`/api/students/${scene.students[0].id}/profile`, scene.correctorSchool);
      expect(profile.statusCode).toBe(200);
      // The anonymous exam shows veiled: no submission time, correction status or result.
      const entry = (profile.json().data.exams as { exam: { id: number }; submitted_at: string | null }[]).find(
        (row) => row.exam.id === scene.examId,
      );
      expect(entry).toMatchObject({ submitted_at: null, correction_status: null, total: null });

      // The administrator asks for both at once: one side wins, the other is refused.
      const [named, coded] = await Promise.all([
        as(`${exam}/monitor`, scene.admin),
        as(`${exam}/anonymous/${scene.codes[0]}/correction`, scene.admin),
      ]);
      expect([named.statusCode, coded.statusCode].sort()).toEqual([200, 403]);
      const sides = await world.db
        .selectFrom('anonymous_marking_sides')
        .select(['side'])
        .where('exam_id', '=', scene.examId)
        .execute();
      expect(sides).toHaveLength(3);
    } finally {
      await world.close();
    }
  }, 120_000);

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
