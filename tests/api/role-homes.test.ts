import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../schemas/index';
import { markingWaiting, schoolHome } from '../../src/common/contracts/index';
import { AREAS, listPermissions } from '../../src/common/permission-catalog';
import { permissionFor, ROLES } from '../../src/common/permissions';
import { REPORT_STATUS, REPORT_TYPE } from '../../src/common/reports/index';
import { ManualClock } from '../../src/server/clock';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { call } from '../helpers/api-client';
import { buildCorrectionScene } from '../helpers/correction-factory';
import { buildExamDayScene, EXAM_DAY_QUESTIONS, type ExamDayScene } from '../helpers/exam-day-scene';
import { buildUser, buildUserWithPermissions, signIn } from '../helpers/factories';
import { signInSchoolStaff } from '../helpers/report-factory';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Issue 26, homes that fit the role: a marker's "waiting for me" list (by the same rules the
 * correction screen decides their sheet by, never more than they could open, nothing of a student
 * or of another marker's marks) and school staff's page of their schools (exams running now,
 * results released, latest reports; their schools only).
 */
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
let t: TestContext;
let registry: SchemaRegistry;
beforeAll(async () => {
  t = await createTestApp({}, clock);
  registry = await loadSchemaRegistry();
}, 60_000);
afterAll(() => t.close());
beforeEach(() => clock.set('2026-06-05T09:00:00Z'));

type Scene = Awaited<ReturnType<typeof buildCorrectionScene>>;
type Counts = { first: number; second: number; deciding: number; total: number };

const corrector = async (name: string) => signIn(t.app, await buildUser(t.db, { role: ROLES.corrector, name }));

async function waiting(cookie: string) {
  const response = await call(t.app, 'GET', '/api/corrections/waiting', undefined, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  const parsed = markingWaiting.safeParse(response.json().data);
  expect(parsed.error?.issues ?? []).toEqual([]);
  return { ...parsed.data!, body: response.body };
}

/** The reader's counts for one exam (zeros when it is not listed). */
async function countsOf(scene: Scene, cookie: string): Promise<Counts> {
  const entry = (await waiting(cookie)).exams.find((exam) => exam.exam_id === scene.exam.id);
  return entry?.counts ?? { first: 0, second: 0, deciding: 0, total: 0 };
}

const counts = (first: number, second: number, deciding: number): Counts => ({
  first,
  second,
  deciding,
  total: first + second + deciding,
});

/** How the submitted students are named in correction: by id, or by code under anonymous marking. */
async function handlesOf(scene: Scene, submitted: number) {
  const rows = await t.db
    .selectFrom('student_exams')
    .select(['student_id', 'marking_code'])
    .where('exam_id', '=', scene.exam.id)
    .execute();
  const code = new Map(rows.map((row) => [row.student_id, row.marking_code]));
  const anonymous = Boolean((scene.exam as { anonymous_marking?: boolean }).anonymous_marking);
  return scene.students
    .slice(0, submitted)
    .map((student) => (anonymous ? { code: code.get(student.id)! } : { student_id: student.id }));
}

/**
 * What the correction screen says waits for the reader: each submitted attempt they hold a sheet
 * on that they may save and that misses their marks (their own blind sheet incomplete, the shared
 * sheet while not corrected, a deciding mark while one is needed), counted by that sheet.
 */
async function fromTheScreens(scene: Scene, cookie: string, submitted: number): Promise<Counts> {
  const found = counts(0, 0, 0);
  for (const handle of await handlesOf(scene, submitted)) {
    const path =
      'code' in handle
        ? `/api/exams/${scene.exam.id}/anonymous/${handle.code}/correction`
        : `/api/exams/${scene.exam.id}/students/${handle.student_id}/correction`;
    const response = await call(t.app, 'GET', path, undefined, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    const { marker, result } = response.json().data;
    if (marker.slot === null || !marker.can_save) continue;
    const waits = marker.role === 'deciding' ? result.needs_deciding : !result.complete;
    if (!waits) continue;
    const key = (['first', 'second', 'deciding'] as const)[marker.slot - 1];
    found[key]++;
    found.total++;
  }
  return found;
}

async function expectAgreement(scene: Scene, cookies: string[], submitted: number) {
  for (const cookie of cookies)
    expect(await countsOf(scene, cookie)).toEqual(await fromTheScreens(scene, cookie, submitted));
}

function save(
  scene: Scene,
  cookie: string,
  handle: { student_id: number } | { code: string },
  version: number,
  marks: (number | undefined)[],
) {
  const [essay, spoken, summary] = marks;
  const corrections = [
    { question_id: scene.q.essay.id, mark: essay },
    { question_id: scene.q.spoken.id, mark: spoken },
    { question_id: scene.q.paragraph.id, part: 'w1', mark: summary },
  ].filter((c) => c.mark !== undefined);
  return call(
    t.app,
    'POST',
    '/api/exams/submit/correction',
    { exam_id: scene.exam.id, ...handle, version, corrections },
    { cookie },
  ).then((response) => {
    expect(response.statusCode, response.body).toBe(200);
  });
}

describe('the markers’ waiting list', () => {
  it('single marking: every submitted attempt not yet corrected waits, the oldest first; the counts fall as the marker marks', async () => {
    const scene = await buildCorrectionScene(t.app, t.db, registry, { count: 3, unsubmitted: 1 });
    const [amal, badr] = [await corrector('Amal'), await corrector('Badr')];
    const before = (await waiting(amal)).exams.find((exam) => exam.exam_id === scene.exam.id)!;
    expect(before).toMatchObject({
      name_en: scene.exam.name_en,
      name_ar: scene.exam.name_ar,
      double_marking: false,
      anonymous_marking: false,
      counts: counts(2, 0, 0),
    });
    expect(Date.parse(before.oldest_submitted_at!)).toBeLessThanOrEqual(clock.now().getTime());

    const [first, second] = await handlesOf(scene, 2);
    // Partly marked: still waiting (in progress), for everyone who shares the sheet.
    await save(scene, amal, first, 0, [3]);
    expect(await countsOf(scene, amal)).toEqual(counts(2, 0, 0));
    await save(scene, amal, first, 1, [3, 2, 1]);
    expect(await countsOf(scene, amal)).toEqual(counts(1, 0, 0));
    expect(await countsOf(scene, badr)).toEqual(counts(1, 0, 0));
    await save(scene, badr, second, 0, [4, 4, 3]);
    expect((await waiting(amal)).exams.map((exam) => exam.exam_id)).not.toContain(scene.exam.id);
    await expectAgreement(scene, [amal, badr], 2);
  });

  it('blind double marking: first, second and deciding marks each wait for the right marker, and a blind marker never learns of a dispute', async () => {
    const scene = await buildCorrectionScene(t.app, t.db, registry, {
      count: 2,
      exam: { double_marking: true, double_marking_threshold: 25 },
    });
    const [first, second, decider] = [await corrector('First'), await corrector('Second'), await corrector('Decider')];
    const [one, two] = await handlesOf(scene, 2);
    const everyone = [first, second, decider];
    for (const cookie of everyone) expect(await countsOf(scene, cookie)).toEqual(counts(2, 0, 0));

    // The first marker takes the first sheet of attempt one: theirs while it misses marks.
    await save(scene, first, one, 0, [4]);
    expect(await countsOf(scene, first)).toEqual(counts(2, 0, 0));
    expect(await countsOf(scene, second)).toEqual(counts(1, 1, 0));
    await save(scene, first, one, 1, [4, 2, 1]);
    expect(await countsOf(scene, first)).toEqual(counts(1, 0, 0));
    await expectAgreement(scene, everyone, 2);

    // The second marker marks it blind: spoken 2 against 4 is beyond the threshold, a dispute.
    await save(scene, second, one, 0, [3.5, 4, 1.5]);
    expect(await countsOf(scene, second)).toEqual(counts(1, 0, 0));
    expect(await countsOf(scene, first)).toEqual(counts(1, 0, 0));
    expect(await countsOf(scene, decider)).toEqual(counts(1, 0, 1));
    await expectAgreement(scene, everyone, 2);
    const blind = [await waiting(first), await waiting(second)];
    for (const list of blind) expect(list.totals.deciding).toBe(0);

    // The deciding mark: nothing more waits on attempt one.
    await save(scene, decider, one, 0, [undefined, 3]);
    expect(await countsOf(scene, decider)).toEqual(counts(1, 0, 0));

    // Attempt two: a first mark by the decider makes it wait for a second marker, not for them.
    await save(scene, decider, two, 0, [1, 1, 1]);
    expect(await countsOf(scene, decider)).toEqual(counts(0, 0, 0));
    expect(await countsOf(scene, first)).toEqual(counts(0, 1, 0));
    await expectAgreement(scene, everyone, 2);
  });

  it('anonymous marking: counts and the exam’s names only, no student, school, code or mark', async () => {
    const scene = await buildCorrectionScene(t.app, t.db, registry, {
      count: 3,
      exam: { anonymous_marking: true, double_marking: true },
    });
    const [first, second] = [await corrector('Anon First'), await corrector('Anon Second')];
    const [one] = await handlesOf(scene, 3);
    await save(scene, first, one, 0, [4, 4, 3]);
    const list = await waiting(second);
    const entry = list.exams.find((exam) => exam.exam_id === scene.exam.id)!;
    expect(entry).toMatchObject({ anonymous_marking: true, counts: counts(2, 1, 0) });
    await expectAgreement(scene, [first, second], 3);
    const codes = (await handlesOf(scene, 3)).map((handle) => (handle as { code: string }).code);
    const names = scene.students.flatMap((student) => [student.name_en, student.name_ar, student.name]);
    for (const secret of [...codes, ...names, scene.school.name_en, scene.school.name_ar, scene.schoolClass.name_en])
      expect(list.body).not.toContain(secret);
    expect(Object.keys(entry).sort()).toEqual(
      ['anonymous_marking', 'counts', 'double_marking', 'exam_id', 'name_ar', 'name_en', 'oldest_submitted_at'].sort(),
    );
  });

  it('lists nothing one could not open: practice tests, attempts without human marks, and everything for a marker who cannot read answers', async () => {
    const practice = await buildCorrectionScene(t.app, t.db, registry, { count: 2 });
    await t.db.updateTable('exam_types').set({ is_mock: true }).where('id', '=', practice.exam.exam_type_id).execute();
    const admin = await waiting(practice.admin);
    expect(admin.exams.map((exam) => exam.exam_id)).not.toContain(practice.exam.id);
    // Answers scored automatically only: corrected at submission.
    const automatic = await buildExamDayScene(t, registry, {}, { questions: EXAM_DAY_QUESTIONS.slice(0, 2) });
    await sit(automatic, 0);
    expect((await waiting(practice.admin)).exams.map((exam) => exam.exam_id)).not.toContain(automatic.exam.id);

    const scene = await buildCorrectionScene(t.app, t.db, registry, { count: 2 });
    expect(await countsOf(scene, practice.admin)).toEqual(counts(2, 0, 0));
    // Marks may be saved only by those who reach the list and the answers: without them, nothing waits.
    const blindfolded = await signIn(
      t.app,
      await buildUserWithPermissions(t.db, [
        permissionFor(AREAS.corrections, 'create'),
        permissionFor(AREAS.corrections, 'edit'),
        ...listPermissions(AREAS.examStudents),
      ]),
    );
    expect(await waiting(blindfolded)).toMatchObject({ totals: counts(0, 0, 0), exams: [] });
  });

  it('is refused signed out (401) and to those who may not mark (403)', async () => {
    expect((await call(t.app, 'GET', '/api/corrections/waiting')).statusCode).toBe(401);
    const scene = await buildCorrectionScene(t.app, t.db, registry, { count: 1 });
    const refused = [
      await signIn(t.app, await buildUser(t.db, { role: ROLES.author })),
      await signInSchoolStaff(t, [scene.school.id]),
      scene.studentCookie,
    ];
    for (const cookie of refused)
      expect((await call(t.app, 'GET', '/api/corrections/waiting', undefined, { cookie })).statusCode).toBe(403);
  });
});

async function home(cookie: string, query = '') {
  const response = await call(t.app, 'GET', `/api/schools/home${query}`, undefined, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  const parsed = schoolHome.array().safeParse(response.json().data);
  expect(parsed.error?.issues ?? []).toEqual([]);
  return { schools: parsed.data!, body: response.body };
}

/** Student `i` of the scene starts, and submits unless told. */
async function sit(s: ExamDayScene, i: number, submit = true) {
  const attempt = (await s.student(i).as('POST', '/start')).json().data;
  await s.student(i).as('PUT', '/answers', {
    attempt_id: attempt.id,
    answers: [{ question_id: s.q.tf, answer: { value: true }, seq: 1 }],
  });
  if (submit) expect((await s.student(i).as('POST', '/submit')).statusCode).toBe(200);
}

async function addReports(s: ExamDayScene, schoolId: number, count: number, status: number = REPORT_STATUS.generated) {
  const base = Date.parse('2026-06-01T08:00:00Z');
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const row = await t.db
      .insertInto('reports')
      .values({
        name: `Report ${schoolId}-${status}-${i}`,
        type: REPORT_TYPE.school,
        platform_id: s.lookups.platform.id,
        exam_id: s.exam.id,
        school_id: schoolId,
        round_id: s.lookups.round.id,
        language: i % 2 ? 'ar' : 'both',
        status,
        scope_key: `home-${schoolId}-${status}-${i}-${Math.random()}`,
        file_name: `report-${i}.pdf`,
        generated_at: status === REPORT_STATUS.generated ? new Date(base + i * 60_000) : null,
        updated_at: new Date(base),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

describe('the school staff’s home', () => {
  it('shows their school only: the exams running now with where the students stand, released results, and the latest reports', async () => {
    const s = await buildExamDayScene(t, registry);
    const staff = s.cookies.school;
    const initial = await home(staff);
    expect(initial.schools.map((school) => school.id)).toEqual([s.school.id]);
    const running = () => home(staff).then(({ schools }) => schools[0].running.find((e) => e.exam_id === s.exam.id));
    expect(await running()).toEqual({
      exam_id: s.exam.id,
      name_en: s.exam.name_en,
      name_ar: s.exam.name_ar,
      is_mock: false,
      start_date_time: '2026-06-02 08:00:00',
      end_date_time: '2026-06-20 15:00:00',
      assigned: 3,
      not_started: 3,
      in_progress: 0,
      submitted: 0,
    });
    await sit(s, 0, false);
    await sit(s, 1);
    expect(await running()).toMatchObject({ assigned: 3, not_started: 1, in_progress: 1, submitted: 1 });
    // The other school's students do not count here, however far they are.
    await t.db
      .updateTable('student_exams')
      .set({ end_date_time: new Date('2026-06-04T09:00:00Z') })
      .where('exam_id', '=', s.exam.id)
      .where('school_id', '=', s.other.school.id)
      .execute();
    expect(await running()).toMatchObject({ assigned: 3 });

    // Released results: none before the release, then one of one submitted.
    expect((await home(staff)).schools[0].released.map((e) => e.exam_id)).not.toContain(s.exam.id);
    const release = await s.staff(s.cookies.author).release({ reason: 'Marked' });
    expect(release.statusCode, release.body).toBe(200);
    const released = (await home(staff)).schools[0].released.find((e) => e.exam_id === s.exam.id);
    expect(released).toMatchObject({ released: 1, submitted: 1, is_mock: false });
    expect(Date.parse(released!.released_at!)).toBe(clock.now().getTime());
    // A withdrawal takes it off again.
    await s.staff(s.cookies.author).release({}, 'DELETE');
    expect((await home(staff)).schools[0].released.map((e) => e.exam_id)).not.toContain(s.exam.id);

    // Reports: the ten latest generated of their school, none of another's, none still being made.
    const ours = await addReports(s, s.school.id, 12);
    await addReports(s, s.school.id, 2, REPORT_STATUS.generating);
    const theirs = await addReports(s, s.other.school.id, 2);
    const reports = (await home(staff)).schools[0].reports!;
    expect(reports.map((report) => report.id)).toEqual(ours.slice(2).reverse());
    expect(reports[0]).toMatchObject({
      name: `Report ${s.school.id}-${REPORT_STATUS.generated}-11`,
      exam: { id: s.exam.id, name_en: s.exam.name_en, name_ar: s.exam.name_ar },
      subject: { name_en: s.school.name_en, name_ar: s.school.name_ar },
      type: { key: 'school' },
      status: { key: 'generated' },
      language: 'ar',
      generated_at: '2026-06-01T08:11:00.000Z',
    });
    // A student's report says whose it is, in both languages (its link is named by it, issue 41).
    const [studentReport] = await addReports(s, s.school.id, 1);
    const pupil = s.students[0];
    await t.db
      .updateTable('reports')
      .set({ type: REPORT_TYPE.student, student_id: pupil.id, generated_at: new Date('2026-06-02T08:00:00Z') })
      .where('id', '=', studentReport)
      .execute();
    expect((await home(staff)).schools[0].reports![0]).toMatchObject({
      id: studentReport,
      type: { key: 'student' },
      subject: { name_en: pupil.name_en, name_ar: pupil.name_ar },
    });
    await t.db.deleteFrom('reports').where('id', '=', studentReport).execute();

    // Nothing of the other school, even when asked for by id.
    const everything = await home(staff);
    for (const secret of [s.other.school.name_en, s.other.school.name_ar, ...theirs.map((id) => `"id":${id},`)])
      expect(everything.body).not.toContain(secret);
    expect((await home(staff, `?filter[id]=${s.other.school.id}`)).schools).toEqual([]);
    // An administrator reaches both.
    const both = await home(s.cookies.admin, `?filter[id]=${s.school.id},${s.other.school.id}`);
    expect(both.schools.map((school) => school.id).sort()).toEqual([s.school.id, s.other.school.id].sort());
  });

  it('counts a practice test’s results as released, closes with the window, and leaves reports out for those who may not see them', async () => {
    const s = await buildExamDayScene(t, registry);
    await t.db.updateTable('exam_types').set({ is_mock: true }).where('id', '=', s.exam.exam_type_id).execute();
    await sit(s, 0);
    await sit(s, 2);
    const [school] = (await home(s.cookies.school)).schools;
    expect(school.released.find((e) => e.exam_id === s.exam.id)).toMatchObject({
      released: 2,
      submitted: 2,
      is_mock: true,
      released_at: null,
    });
    expect(school.running.find((e) => e.exam_id === s.exam.id)).toMatchObject({ is_mock: true, submitted: 2 });

    clock.set('2026-06-21T09:00:00Z');
    expect((await home(s.cookies.school)).schools[0].running.map((e) => e.exam_id)).not.toContain(s.exam.id);

    const viewer = await buildUserWithPermissions(t.db, listPermissions(AREAS.schools));
    await t.db.insertInto('user_schools').values({ user_id: viewer.id, school_id: s.school.id }).execute();
    const [seen] = (await home(await signIn(t.app, viewer))).schools;
    expect(seen).toMatchObject({ id: s.school.id, reports: null });
    // Linked to no school: nothing.
    expect((await home(await signInSchoolStaff(t, []))).schools).toEqual([]);
  });

  it('is refused signed out (401), to those who may not view schools (403), and a malformed filter (400)', async () => {
    expect((await call(t.app, 'GET', '/api/schools/home')).statusCode).toBe(401);
    const s = await buildExamDayScene(t, registry);
    for (const cookie of [await corrector('No schools'), s.student(0).cookie])
      expect((await call(t.app, 'GET', '/api/schools/home', undefined, { cookie })).statusCode).toBe(403);
    expect(
      (await call(t.app, 'GET', '/api/schools/home?filter[id]=x', undefined, { cookie: s.cookies.school })).statusCode,
    ).toBe(400);
  });
});
