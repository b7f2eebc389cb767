import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../src/common/permissions';
import { call } from '../../helpers/api-client';
import { buildCorrectionScene, WINDOW } from '../../helpers/correction-factory';
import { assign, buildDeliveryScene } from '../../helpers/delivery-factory';
import { buildUser, signIn } from '../../helpers/factories';
import { allManual, corrector, list, registry, save, type Scene, t, useCorrectionApp, view } from './correction-app';

useCorrectionApp();

describe('the correction screen', () => {
  it("shows each question with the student's answer, the right answer, the automatic score and what needs marking", async () => {
    const scene = await buildCorrectionScene(t.app, t.db, registry, { count: 1 });
    const response = await view(scene, scene.students[0].id);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.student).toMatchObject({
      id: scene.students[0].id,
      name: scene.students[0].name,
      school: { id: scene.school.id },
    });
    expect(data.exam_status.key).toBe('submitted');
    expect(data.student_status.key).toBe('not_corrected');
    expect(data.marker).toEqual({ role: 'single', slot: 1, version: 0, can_save: true });
    expect(data.result).toMatchObject({ score: 4, max: 17, complete: false, marking_total: 3, marking_final: 0 });
    const [essay, spoken, tf, paragraph] = data.questions;
    expect(essay).toMatchObject({
      number: 1,
      answer_type: 'essay',
      answer: { text: 'My essay has exactly six words 0' },
    });
    expect(essay.items).toEqual([
      expect.objectContaining({
        part: '',
        manual: true,
        max: 4,
        auto_score: 0,
        word_count: 7,
        recording: null,
        mine: null,
        final: null,
      }),
    ]);
    expect(spoken.items[0]).toMatchObject({ manual: true, recording: { duration_seconds: 4 } });
    // Played from the correction's own address (the stored file's name is not given).
    expect(spoken.items[0].recording.url).toBe(
      `/api/exams/${scene.exam.id}/students/${scene.students[0].id}/recordings/${spoken.id}`,
    );
    expect(JSON.stringify(spoken.answer)).not.toContain('media');
    const audio = await t.app.inject({
      method: 'GET',
      url: spoken.items[0].recording.url,
      headers: { cookie: corrector },
    });
    expect(audio.statusCode).toBe(200);
    expect(tf).toMatchObject({ correct_answer: { correct: true }, answer: { value: true }, auto_score: 4 });
    expect(tf.items[0]).toMatchObject({ manual: false, auto_score: 4, final: 4 });
    expect(paragraph.items).toEqual([
      expect.objectContaining({
        part: 'w1',
        kind: 'essay',
        manual: true,
        max: 3,
        word_count: 2,
        text: '<p>Sum it up.</p>',
      }),
      expect.objectContaining({ part: 't1', kind: 'true_false', manual: false, max: 2, auto_score: 0, final: 0 }),
    ]);
  });

  it('moves the attempt from not corrected to in progress to corrected, storing the total, pass or fail and skills', async () => {
    const scene = await buildCorrectionScene(t.app, t.db, registry, { count: 1 });
    const student = scene.students[0].id;
    const first = await save(scene, student, 0, allManual(scene).slice(0, 1));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Corrections saved successfully',
      data: { student_status: { key: 'in_progress' } },
    });
    expect(first.json().data.marker.version).toBe(1);
    const rowOf = async () =>
      (await list(scene)).json().data.find((r: { student_id: number }) => r.student_id === student);
    const row = await rowOf();
    expect(row.student_status.key).toBe('in_progress');
    const done = await save(scene, student, 1, allManual(scene));
    expect(done.statusCode, done.body).toBe(200);
    // 3 + 2.5 + 1 marked, 4 automatic (true/false), 0 for the paragraph's wrong true/false: 10.5 of 17,
    // 61.76 on the exam's scale of 100, reported as the whole number 62 (docs/scoring.md).
    expect(done.json().data.result).toMatchObject({ score: 10.5, max: 17, mark: 62, passed: true, complete: true });
    expect(done.json().data.student_status.key).toBe('corrected');
    const stored = await t.db
      .selectFrom('exam_attempts')
      .innerJoin('student_exams', 'student_exams.id', 'exam_attempts.student_exam_id')
      .select(['result_score', 'result_max', 'result_mark', 'result_passed', 'skill_scores', 'corrected_at'])
      .where('student_exams.exam_id', '=', scene.exam.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.result_score)).toBe(10.5);
    expect(Number(stored.result_mark)).toBe(62);
    expect(stored.result_passed).toBe(true);
    const skills = typeof stored.skill_scores === 'string' ? JSON.parse(stored.skill_scores) : stored.skill_scores;
    expect(Object.values(skills)).toEqual([{ score: 10.5, max: 17 }]);
    expect(stored.corrected_at).not.toBeNull();
    const listed = await rowOf();
    expect(listed).toMatchObject({ total: 62, passed: true, student_status: { key: 'corrected' } });
    // Taking a mark back reopens the correction and clears the stored result.
    const reopened = await save(scene, student, 2, [{ question_id: scene.q.spoken.id, mark: null }]);
    expect(reopened.json().data.student_status.key).toBe('in_progress');
    expect((await rowOf()).total).toBeNull();
  });

  it('refuses marks outside 0 and the question mark, overrides without a reason, and unknown questions, in the request language', async () => {
    const scene = await buildCorrectionScene(t.app, t.db, registry, { count: 1 });
    const student = scene.students[0].id;
    const cases: [unknown[], string, string][] = [
      [
        [{ question_id: scene.q.essay.id, mark: 4.5 }],
        'corrections.0.mark',
        'Enter a mark between 0 and 4, with at most two decimals.',
      ],
      [
        [{ question_id: scene.q.essay.id, mark: -1 }],
        'corrections.0.mark',
        'Enter a mark between 0 and 4, with at most two decimals.',
      ],
      [
        [{ question_id: scene.q.essay.id, mark: 1.234 }],
        'corrections.0.mark',
        'Enter a mark between 0 and 4, with at most two decimals.',
      ],
      [
        [{ question_id: scene.q.paragraph.id, part: 'w1', mark: 3.5 }],
        'corrections.0.mark',
        'Enter a mark between 0 and 3, with at most two decimals.',
      ],
      [
        [{ question_id: scene.q.tf.id, mark: 2 }],
        'corrections.0.reason',
        'Give a reason to override an automatic score.',
      ],
      [
        [{ question_id: scene.q.tf.id, mark: 2, reason: '   ' }],
        'corrections.0.reason',
        'Give a reason to override an automatic score.',
      ],
      [
        [{ question_id: 999999, mark: 1 }],
        'corrections.0.question_id',
        'This question is not part of the student’s exam.',
      ],
      [
        [{ question_id: scene.q.paragraph.id, part: 'nope', mark: 1 }],
        'corrections.0.question_id',
        'This question is not part of the student’s exam.',
      ],
      [
        [
          { question_id: scene.q.essay.id, mark: 1 },
          { question_id: scene.q.essay.id, mark: 2 },
        ],
        'corrections.1.question_id',
        'This question is marked twice in the same save.',
      ],
    ];
    for (const [corrections, field, message] of cases) {
      const response = await save(scene, student, 0, corrections);
      expect(response.statusCode, JSON.stringify(corrections)).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    }
    const arabic = await save(scene, student, 0, [{ question_id: scene.q.essay.id, mark: 9 }], corrector, 'ar');
    expect(arabic.json().errors['corrections.0.mark']).toEqual(['أدخل درجة بين 0 و4، بمنزلتين عشريتين على الأكثر.']);
    for (const body of [
      { exam_id: scene.exam.id, student_id: student, version: 0, corrections: [] },
      { exam_id: scene.exam.id, student_id: student, corrections: [{ question_id: scene.q.essay.id, mark: 1 }] },
      {
        exam_id: scene.exam.id,
        student_id: student,
        version: 0,
        corrections: [{ question_id: scene.q.essay.id, mark: '1' }],
      },
      { exam_id: 'x', student_id: student, version: 0, corrections: [{ question_id: scene.q.essay.id, mark: 1 }] },
    ]) {
      const response = await call(t.app, 'POST', '/api/exams/submit/correction', body, { cookie: corrector });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    // Nothing was stored by any refused save.
    const marks = await t.db.selectFrom('correction_marks').selectAll().execute();
    const audit = await t.db.selectFrom('correction_audit').selectAll().execute();
    expect(marks.filter((m) => scene.questions.some((q) => q.id === m.question_id))).toEqual([]);
    expect(audit.filter((m) => scene.questions.some((q) => q.id === m.question_id))).toEqual([]);
    expect((await view(scene, student)).json().data.marker.version).toBe(0);
  });

  it('overrides an automatic score with a reason, and records it', async () => {
    const scene = await buildCorrectionScene(t.app, t.db, registry, { count: 1 });
    const student = scene.students[0].id;
    const response = await save(scene, student, 0, [
      { question_id: scene.q.paragraph.id, part: 't1', mark: 2, reason: 'The statement was ambiguous' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const paragraph = response.json().data.questions[3];
    expect(paragraph.items[1]).toMatchObject({ final: 2, mine: { mark: 2, reason: 'The statement was ambiguous' } });
    expect(response.json().data.result.score).toBe(6);
    // Overrides do not start the correction of what a human marks.
    expect(response.json().data.student_status.key).toBe('not_corrected');
  });

  it('refuses a save from an older version (two markers at once) with 409, and keeps the first', async () => {
    const scene = await buildCorrectionScene(t.app, t.db, registry, { count: 1 });
    const student = scene.students[0].id;
    const other = await signIn(t.app, await buildUser(t.db, { role: ROLES.corrector, name: 'Omar Other' }));
    const a = (await view(scene, student)).json().data.marker.version;
    const b = (await view(scene, student, other)).json().data.marker.version;
    const mine = await save(scene, student, a, [{ question_id: scene.q.essay.id, mark: 3 }]);
    expect(mine.statusCode).toBe(200);
    const theirs = await save(scene, student, b, [{ question_id: scene.q.essay.id, mark: 1 }], other);
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().message).toMatch(/Another marker saved corrections/);
    const essay = (await view(scene, student)).json().data.questions[0].items[0];
    expect(essay.mine.mark).toBe(3);
    // Reading again gives the new version, which saves.
    const fresh = (await view(scene, student, other)).json().data.marker.version;
    expect((await save(scene, student, fresh, [{ question_id: scene.q.essay.id, mark: 1 }], other)).statusCode).toBe(
      200,
    );
  });

  it('two saves at the same moment from the same version: one is stored, the other refused', async () => {
    const scene = await buildCorrectionScene(t.app, t.db, registry, { count: 1 });
    const student = scene.students[0].id;
    const [one, two] = await Promise.all([
      save(scene, student, 0, [{ question_id: scene.q.essay.id, mark: 1 }]),
      save(scene, student, 0, [{ question_id: scene.q.essay.id, mark: 2 }]),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const winner = one.statusCode === 200 ? 1 : 2;
    expect((await view(scene, student)).json().data.questions[0].items[0].mine.mark).toBe(winner);
  });

  it('refuses to correct an attempt that is not submitted (418) and a student who is not assigned (404)', async () => {
    const scene = await buildCorrectionScene(t.app, t.db, registry, { count: 2, unsubmitted: 1 });
    const waiting = await save(scene, scene.students[1].id, 0, [{ question_id: scene.q.essay.id, mark: 1 }]);
    expect(waiting.statusCode).toBe(418);
    expect(waiting.json().message).toMatch(/has not submitted/);
    const shown = (await view(scene, scene.students[1].id)).json().data;
    expect(shown).toMatchObject({ attempt: null, questions: [], marker: { can_save: false } });
    expect((await view(scene, 999999)).statusCode).toBe(404);
    expect(
      (
        await save({ ...scene, exam: { ...scene.exam, id: 999999 } } as Scene, scene.students[0].id, 0, [
          { question_id: 1, mark: 1 },
        ])
      ).statusCode,
    ).toBe(404);
  });

  it('writes an audit entry for every change, which admins read and correctors may not', async () => {
    const scene = await buildCorrectionScene(t.app, t.db, registry, { count: 1 });
    const student = scene.students[0].id;
    await save(scene, student, 0, [{ question_id: scene.q.essay.id, mark: 2, comment: 'Short' }]);
    await save(scene, student, 1, [{ question_id: scene.q.essay.id, mark: 3, comment: 'Short' }]);
    // An unchanged mark writes nothing.
    await save(scene, student, 2, [{ question_id: scene.q.essay.id, mark: 3, comment: 'Short' }]);
    await save(scene, student, 3, [{ question_id: scene.q.tf.id, mark: 0, reason: 'Copied' }]);
    const url = `/api/exams/${scene.exam.id}/students/${student}/correction/audit`;
    const response = await call(t.app, 'GET', url, undefined, { cookie: scene.admin });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual([
      expect.objectContaining({
        question_id: scene.q.essay.id,
        old_mark: null,
        new_mark: 2,
        new_comment: 'Short',
        user: expect.objectContaining({ name: 'Carla Corrector' }),
      }),
      expect.objectContaining({ question_id: scene.q.essay.id, old_mark: 2, new_mark: 3, reason: null }),
      expect.objectContaining({ question_id: scene.q.tf.id, old_mark: null, new_mark: 0, reason: 'Copied' }),
    ]);
    expect((await call(t.app, 'GET', url, undefined, { cookie: corrector })).statusCode).toBe(403);
  });

  it('stores the result of an exam with nothing to mark at submission: corrected at once', async () => {
    const scene = await buildDeliveryScene(t.app, t.db, registry, {
      questions: [
        { kind: 'true_false', key: { correct: true } },
        { kind: 'true_false', key: { correct: false } },
      ],
    });
    const admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
    await assign(t.app, admin, scene.exam.id, { ...WINDOW, student_ids: [scene.students[0].id] });
    const { id } = await t.db
      .selectFrom('student_exams')
      .select('id')
      .where('exam_id', '=', scene.exam.id)
      .executeTakeFirstOrThrow();
    const as = (method: 'POST' | 'PUT', path: string, body?: unknown) =>
      call(t.app, method, `/api/student/exams/${id}${path}`, body, { cookie: scene.studentCookie });
    await as('POST', '/start');
    await as('PUT', '/answers', { answers: [{ question_id: scene.questions[0].id, answer: { value: true }, seq: 1 }] });
    expect((await as('POST', '/submit')).statusCode).toBe(200);
    const row = (
      await call(t.app, 'GET', `/api/exams/${scene.exam.id}/assigned/students`, undefined, { cookie: corrector })
    ).json().data[0];
    // 4 of 8 points: 50 on the 100 scale, the pass mark.
    expect(row).toMatchObject({ student_status: { key: 'corrected' }, total: 50, passed: true });
  });

  it('refuses to correct a mock exam (418): mock results are never marked', async () => {
    const scene = await buildCorrectionScene(t.app, t.db, registry, { count: 1 });
    await t.db.updateTable('exam_types').set({ is_mock: true }).where('id', '=', scene.exam.exam_type_id).execute();
    const refused = await save(scene, scene.students[0].id, 0, [{ question_id: scene.q.essay.id, mark: 1 }]);
    expect(refused.statusCode).toBe(418);
    expect(refused.json().message).toBe('Mock exams are scored automatically and are not corrected.');
    expect((await view(scene, scene.students[0].id)).json().data.marker.can_save).toBe(false);
  });
});
