import { describe, expect, it } from 'vitest';
import { markingWaiting } from '../../src/common/contracts/index';
import { AREAS, listPermissions } from '../../src/common/permission-catalog';
import { permissionFor, ROLES } from '../../src/common/permissions';
import { call } from '../helpers/api-client';
import { buildCorrectionScene } from '../helpers/correction-factory';
import { clock, registry, t, useExamDayApp } from '../helpers/exam-day-app';
import { buildExamDayScene, EXAM_DAY_QUESTIONS } from '../helpers/exam-day-scene';
import { buildUser, buildUserWithPermissions, signIn } from '../helpers/factories';
import { signInSchoolStaff } from '../helpers/report-factory';
import { corrector, sit } from './role-homes-scene';

/**
 * Issue 26, homes that fit the role: a marker's "waiting for me" list, by the same rules the
 * correction screen decides their sheet by, never more than they could open, nothing of a student
 * or of another marker's marks.
 */
useExamDayApp();

type Scene = Awaited<ReturnType<typeof buildCorrectionScene>>;
type Counts = { first: number; second: number; deciding: number; total: number };

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
