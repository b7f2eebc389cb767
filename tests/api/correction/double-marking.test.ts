import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../../schemas/index';
import { ROLES } from '../../../src/common/permissions';
import { ManualClock } from '../../../src/server/clock';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { call } from '../../helpers/api-client';
import { buildCorrectionScene } from '../../helpers/correction-factory';
import { buildUser, signIn } from '../../helpers/factories';
import { createTestApp, type TestContext } from '../../helpers/test-app';

/** Blind double marking with a deciding marker, and anonymous marking. */
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
let t: TestContext;
let registry: SchemaRegistry;
const markers: string[] = [];
beforeAll(async () => {
  t = await createTestApp({}, clock);
  registry = await loadSchemaRegistry();
  for (const name of ['Amal First', 'Badr Second', 'Dana Decider', 'Eli Extra'])
    markers.push(await signIn(t.app, await buildUser(t.db, { role: ROLES.corrector, name })));
}, 60_000);
afterAll(() => t.close());

type Scene = Awaited<ReturnType<typeof buildCorrectionScene>>;
const view = async (scene: Scene, cookie: string, student = scene.students[0].id) => {
  const response = await call(t.app, 'GET', `/api/exams/${scene.exam.id}/students/${student}/correction`, undefined, {
    cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const save = (scene: Scene, cookie: string, version: number, corrections: unknown[], student = scene.students[0].id) =>
  call(
    t.app,
    'POST',
    '/api/exams/submit/correction',
    { exam_id: scene.exam.id, student_id: student, version, corrections },
    { cookie },
  );
const list = async (scene: Scene, query = '', cookie = markers[0]) => {
  const response = await call(t.app, 'GET', `/api/exams/${scene.exam.id}/assigned/students${query}`, undefined, {
    cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const manual = (scene: Scene, essay: number, spoken: number, summary: number) => [
  { question_id: scene.q.essay.id, mark: essay, comment: `essay ${essay}` },
  { question_id: scene.q.spoken.id, mark: spoken },
  { question_id: scene.q.paragraph.id, part: 'w1', mark: summary },
];

describe('blind double marking', () => {
  it('takes two independent marks, averages close ones, and sends distant ones to a deciding marker', async () => {
    // Threshold 25% of the mark: 1 point on a 4-point question, 0.75 on the 3-point summary.
    const scene = await buildCorrectionScene(t.app, t.db, registry, {
      count: 1,
      exam: { double_marking: true, double_marking_threshold: 25, pass_mark: 60 },
    });
    const [first, second, decider, extra] = markers;
    expect((await view(scene, first)).marker).toEqual({ role: 'first', slot: 1, version: 0, can_save: true });
    expect((await save(scene, first, 0, manual(scene, 4, 2, 1))).statusCode).toBe(200);

    // The second marker sees none of the first's marks: the result shown is their own (empty) sheet's.
    const blind = await view(scene, second);
    expect(blind.marker).toMatchObject({ role: 'second', slot: 2, version: 0 });
    expect(blind.result).toMatchObject({ basis: 'own_sheet', complete: false, marking_final: 0, score: 4 });
    for (const question of blind.questions)
      for (const item of question.items) {
        expect(item.mine).toBeNull();
        expect(item.others).toEqual([]);
        if (item.manual) expect(item.final).toBeNull();
      }
    // Nor does the first see the second's once given; their own stays theirs.
    expect((await save(scene, second, 0, manual(scene, 3.5, 4, 1.5))).statusCode).toBe(200);
    const own = await view(scene, first);
    expect(own.marker).toMatchObject({ role: 'first', version: 1 });
    expect(own.questions[0].items[0]).toMatchObject({ mine: { mark: 4, comment: 'essay 4' }, others: [], final: null });

    // Neither blind marker learns the outcome: the status, total and pass or fail they see are their own
    // sheet's (4 + 2 + 1 + true/false 4 = 11 of 17 for the first, 3.5 + 4 + 1.5 + 4 = 13 for the second),
    // and no deciding flag, in the list or the view.
    const rowOf = async (cookie: string) =>
      (await list(scene, '', cookie)).data.find((r: { student_id: number }) => r.student_id === scene.students[0].id);
    expect(await rowOf(second)).toMatchObject({
      student_status: { key: 'corrected' },
      total: 76,
      passed: true,
      needs_deciding: false,
    });
    expect(await rowOf(first)).toMatchObject({ student_status: { key: 'corrected' }, total: 65, passed: true });
    expect((await list(scene, '?filter[needs_deciding]=1', first)).meta.total).toBe(0);
    expect((await view(scene, second)).student_status).toMatchObject({ key: 'corrected' });
    const resaved = await save(scene, second, 1, manual(scene, 3.5, 4, 1.5));
    expect(resaved.json().data).toMatchObject({
      student_status: { key: 'corrected' },
      result: { basis: 'own_sheet', mark: 76, complete: true, needs_deciding: false },
    });

    // Essay 4 / 3.5: within 1, averaged 3.75. Spoken 2 / 4: beyond 1, needs deciding. Summary 1 / 1.5: within 0.75.
    const rows = await list(scene, '?filter[needs_deciding]=1', decider);
    expect(rows.data.map((r: { student_id: number }) => r.student_id)).toEqual([scene.students[0].id]);
    expect(rows.data[0]).toMatchObject({ needs_deciding: true, student_status: { key: 'in_progress' } });
    expect(
      (await list(scene, '?filter[needs_deciding]=0', decider)).data.map((r: { student_id: number }) => r.student_id),
    ).not.toContain(scene.students[0].id);

    // A third user decides, seeing both marks; only the disputed answer takes a deciding mark.
    const deciding = await view(scene, decider);
    expect(deciding.marker).toMatchObject({ role: 'deciding', slot: 3 });
    const spoken = deciding.questions[1].items[0];
    expect(spoken).toMatchObject({ needs_deciding: true, disputed: true, final: null });
    expect(spoken.others).toEqual([
      { slot: 1, marker: 'Amal First', mark: 2, comment: null, reason: null },
      { slot: 2, marker: 'Badr Second', mark: 4, comment: null, reason: null },
    ]);
    expect(deciding.questions[0].items[0]).toMatchObject({ final: 3.75, needs_deciding: false, disputed: false });
    const undisputed = await save(scene, decider, 0, [{ question_id: scene.q.essay.id, mark: 1 }]);
    expect(undisputed.statusCode).toBe(422);
    expect(undisputed.json().errors['corrections.0.mark']).toEqual(['This answer does not need a deciding mark.']);
    // The markers themselves cannot decide: they stay on their own sheets.
    expect((await view(scene, first)).marker.role).toBe('first');

    const decided = await save(scene, decider, 0, [{ question_id: scene.q.spoken.id, mark: 3 }]);
    expect(decided.statusCode, decided.body).toBe(200);
    // 3.75 + 3 + 1.25 marked, 4 true/false, 0 wrong child: 12 of 17 = 70.59 on the 100 scale, reported as 71; pass mark 60.
    expect(decided.json().data.result).toMatchObject({
      score: 12,
      mark: 71,
      passed: true,
      complete: true,
      needs_deciding: false,
    });
    const after = await list(scene, '', decider);
    expect(after.data.find((r: { student_id: number }) => r.student_id === scene.students[0].id)).toMatchObject({
      needs_deciding: false,
      student_status: { key: 'corrected' },
      total: 71,
      passed: true,
    });
    // Deciding is one shared sheet: a fourth user sees its mark as the sheet's, beside the two markers'.
    const fourth = await view(scene, extra);
    expect(fourth.marker).toMatchObject({ role: 'deciding', version: 1 });
    expect(fourth.questions[1].items[0]).toMatchObject({ mine: { mark: 3 }, final: 3 });
    expect(fourth.questions[1].items[0].others).toHaveLength(2);
  });

  it('refuses a third marker when nothing needs deciding', async () => {
    const scene = await buildCorrectionScene(t.app, t.db, registry, { count: 1, exam: { double_marking: true } });
    const [first, second, third] = markers;
    await save(scene, first, 0, manual(scene, 2, 2, 2));
    await save(scene, second, 0, manual(scene, 2, 2, 2));
    const observer = await view(scene, third);
    expect(observer.marker).toEqual({ role: 'observer', slot: null, version: 0, can_save: false });
    expect(observer.questions[0].items[0].others).toHaveLength(2);
    const refused = await save(scene, third, 0, manual(scene, 1, 1, 1));
    expect(refused.statusCode).toBe(418);
    expect(refused.json().message).toMatch(/Two markers have marked/);
    expect(
      (await list(scene, '', third)).data.find((r: { student_id: number }) => r.student_id === scene.students[0].id)
        .student_status.key,
    ).toBe('corrected');
  });
});

describe('anonymous marking', () => {
  it('shows a code instead of the name, school and class in every correction response, and refuses school filters', async () => {
    const scene = await buildCorrectionScene(t.app, t.db, registry, { count: 2, exam: { anonymous_marking: true } });
    const [marker] = markers;
    const names = scene.students.map((s) => s.name);
    const body = await list(scene);
    const row = body.data[0];
    expect(row.name).toBe(row.code);
    expect(row.id).toBe(row.code);
    expect(row).toMatchObject({
      student_id: null,
      attempt_id: null,
      school: null,
      school_class: null,
      start_date_time: null,
      end_date_time: null,
      student: { school_id: null, school_class_id: null },
    });
    const filters = await call(t.app, 'GET', `/api/exams/${scene.exam.id}/assigned/filters`, undefined, {
      cookie: marker,
    });
    expect(filters.json().data).toMatchObject({ schools: [], school_classes: [], exam: { anonymous_marking: true } });
    // The spec's routes by student id name nothing on an anonymous exam: the code is the only way in.
    for (const student of scene.students)
      expect(
        (
          await call(t.app, 'GET', `/api/exams/${scene.exam.id}/students/${student.id}/correction`, undefined, {
            cookie: marker,
          })
        ).statusCode,
      ).toBe(404);
    const byCode = (path: string) =>
      call(t.app, 'GET', `/api/exams/${scene.exam.id}/anonymous/${row.code}${path}`, undefined, { cookie: marker });
    const opened = await byCode('/correction');
    expect(opened.statusCode, opened.body).toBe(200);
    const correction = opened.json().data;
    expect(correction.student).toEqual({ id: null, name: row.code, code: row.code, school: null, school_class: null });
    expect(correction.assignment_id).toBeNull();
    expect(correction.attempt.id).toBeNull();
    const saved = await call(
      t.app,
      'POST',
      '/api/exams/submit/correction',
      { exam_id: scene.exam.id, code: row.code, version: 0, corrections: manual(scene, 1, 1, 1) },
      { cookie: marker },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    // By student id the save names nothing either; both or neither handle is refused.
    const byId = await save(scene, marker, 1, manual(scene, 2, 2, 2));
    expect(byId.statusCode).toBe(404);
    const both = await call(
      t.app,
      'POST',
      '/api/exams/submit/correction',
      { exam_id: scene.exam.id, code: row.code, student_id: scene.students[0].id, version: 1, corrections: [] },
      { cookie: marker },
    );
    expect(both.statusCode).toBe(422);
    const responses = [JSON.stringify(body), filters.body, opened.body, saved.body];
    for (const text of responses) {
      for (const name of names) expect(text).not.toContain(name);
      expect(text).not.toContain(scene.school.name_en);
      expect(text).not.toContain(scene.schoolClass.name_en);
      expect(text).not.toMatch(/\/api\/media\/|"media":"/);
    }
    // The recording plays from the code's address, under a name that says nothing of the student.
    const spoken = correction.questions.find((q: { id: number }) => q.id === scene.q.spoken.id);
    expect(spoken.items[0].recording.url).toBe(
      `/api/exams/${scene.exam.id}/anonymous/${row.code}/recordings/${scene.q.spoken.id}`,
    );
    const audio = await t.app.inject({
      method: 'GET',
      url: spoken.items[0].recording.url,
      headers: { cookie: marker },
    });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/wav');
    expect(audio.headers['cache-control']).toBe('no-store');
    expect(audio.headers['content-disposition']).toBe('inline; filename="recording.wav"');
    // Search finds by code only; the school filter would reveal schools.
    expect((await list(scene, `?search=${encodeURIComponent(names[0])}`)).meta.total).toBe(0);
    expect((await list(scene, `?search=${row.code}`)).meta.total).toBe(1);
    const filtered = await call(
      t.app,
      'GET',
      `/api/exams/${scene.exam.id}/assigned/students?filter[student.school_id]=${scene.school.id}`,
      undefined,
      {
        cookie: marker,
      },
    );
    expect(filtered.statusCode).toBe(400);
    expect(filtered.json().errors['filter[student.school_id]']).toEqual([
      'Marking is anonymous: the list cannot be filtered by school or class.',
    ]);
    const byClass = await byCode(`/neighbours?filter[student.school_class_id]=${scene.schoolClass.id}`);
    expect(Object.keys(byClass.json().errors)).toEqual(['filter[student.school_class_id]']);
    const neighbours = await byCode('/neighbours');
    expect(neighbours.statusCode).toBe(200);
    const other = body.data[1].code;
    expect(neighbours.json().data).toMatchObject({ total: 2 });
    expect([neighbours.json().data.previous, neighbours.json().data.next]).toContain(other);
    for (const name of names) expect(neighbours.body).not.toContain(name);
    expect(
      (
        await call(
          t.app,
          'GET',
          `/api/exams/${scene.exam.id}/assigned/students/${scene.students[0].id}/neighbours`,
          undefined,
          { cookie: marker },
        )
      ).statusCode,
    ).toBe(404);
  });
});
