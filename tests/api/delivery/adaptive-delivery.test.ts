import { describe, expect, it } from 'vitest';
import { attemptView } from '../../../src/common/contracts/index';
import { call } from '../../helpers/api-client';
import { answerAt, buildAdaptiveScene, sitTest } from '../../helpers/adaptive-scene';
import { buildExamLookups, examBody, type ExamInput } from '../../helpers/exam-factory';
import { invalid } from '../../helpers/invalid';
import { buildRecord } from '../../helpers/resource-factory';
import { author, clock, registry, t, useStudentExamApp } from './student-exam-scene';

/**
 * Adaptive delivery (issue 43): one question at a time, the next chosen by the server from the
 * confirmed answer and sent with its acknowledgement; every guarantee of a save (ownership, the seq
 * rule, the deadline, two tabs, a reload) and the measure on the scale at submission.
 */
useStudentExamApp();

describe('an adaptive attempt', () => {
  it('gives one question at a time, the next with the acknowledgement, none twice and no key, until the precision or the length', async () => {
    const s = await buildAdaptiveScene(t.app, t.db, registry, author);
    const me = s.student(0);
    const started = await me.as('POST', '/start');
    const view = attemptView.parse(started.json().data);
    expect(view.questions).toHaveLength(1);
    expect(view.adaptive).toEqual({ answered: 0, finished: false });
    // No exposure control, the start at the mean (0): the question nearest 0 logits comes first.
    const first = view.questions[0].id;
    expect(Math.abs(s.difficulty.get(first)!)).toBeLessThan(0.06);
    const { given, last } = await sitTest(me, answerAt(s, 0.5));
    expect(new Set(given).size).toBe(given.length);
    expect(given.length).toBeGreaterThanOrEqual(5);
    expect(given.length).toBeLessThanOrEqual(15);
    expect(last.adaptive).toEqual({ answered: given.length, finished: true, question: null });
    // Neither the responses nor the view carry a key or a parameter.
    const resumed = await me.as('GET', '/attempt');
    expect(resumed.body).not.toMatch(/"correct"|difficulty|threshold/);
    expect(attemptView.parse(resumed.json().data).questions.map((q) => q.id)).toEqual(given);
  });

  it('resumes at the same question after a reload, and two tabs confirming at once get the same next question', async () => {
    const s = await buildAdaptiveScene(t.app, t.db, registry, author);
    const me = s.student(0);
    const view = attemptView.parse((await me.as('POST', '/start')).json().data);
    const current = view.questions[0].id;
    const body = { attempt_id: view.id, question_id: current, answer: { value: true }, seq: 1 };
    const [a, b] = await Promise.all([me.as('POST', '/next', body), me.as('POST', '/next', body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const nextA = a.json().data.adaptive.question.id;
    expect(b.json().data.adaptive.question.id).toBe(nextA);
    const reloaded = attemptView.parse((await me.as('GET', '/attempt')).json().data);
    expect(reloaded.questions.map((q) => q.id)).toEqual([current, nextA]);
    expect(reloaded.adaptive).toEqual({ answered: 1, finished: false });
    expect(reloaded.answers[String(current)]).toEqual({ answer: { value: true }, seq: 1 });
    // A start again (another computer) resumes the same attempt at the same question.
    const again = attemptView.parse((await me.as('POST', '/start')).json().data);
    expect(again.questions.map((q) => q.id)).toEqual([current, nextA]);
  });

  it('keeps the higher seq: a confirmation older than a save of the same question is acknowledged with the stored one', async () => {
    const s = await buildAdaptiveScene(t.app, t.db, registry, author);
    const me = s.student(0);
    const view = attemptView.parse((await me.as('POST', '/start')).json().data);
    const current = view.questions[0].id;
    const saved = await me.as('PUT', '/answers', {
      attempt_id: view.id,
      answers: [{ question_id: current, answer: { value: false }, seq: 7 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stale = await me.as('POST', '/next', {
      attempt_id: view.id,
      question_id: current,
      answer: { value: true },
      seq: 3,
    });
    expect(stale.statusCode, stale.body).toBe(200);
    const reloaded = attemptView.parse((await me.as('GET', '/attempt')).json().data);
    expect(reloaded.answers[String(current)]).toEqual({ answer: { value: false }, seq: 7 });
    // Chosen from the stored (wrong) answer: an easier question than the first.
    const next = stale.json().data.adaptive.question.id;
    expect(s.difficulty.get(next)!).toBeLessThan(s.difficulty.get(current)!);
  });

  it('refuses an answer to a question already confirmed or never given, and a confirmation of another question', async () => {
    const s = await buildAdaptiveScene(t.app, t.db, registry, author);
    const me = s.student(0);
    const view = attemptView.parse((await me.as('POST', '/start')).json().data);
    const first = view.questions[0].id;
    const next = await me.as('POST', '/next', {
      attempt_id: view.id,
      question_id: first,
      answer: { value: true },
      seq: 1,
    });
    const second = next.json().data.adaptive.question.id;
    const never = [...s.difficulty.keys()].find((id) => id !== first && id !== second)!;
    const closed = await me.as('PUT', '/answers', {
      attempt_id: view.id,
      answers: [{ question_id: first, answer: { value: false }, seq: 2 }],
    });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().errors[`answers.${first}`]).toEqual([
      'This question has been answered and the next one chosen from the answer: it can no longer be changed.',
    ]);
    const notGiven = await me.as('PUT', '/answers', {
      attempt_id: view.id,
      answers: [{ question_id: never, answer: { value: true }, seq: 1 }],
    });
    expect(notGiven.statusCode).toBe(422);
    const skipAhead = await me.as('POST', '/next', {
      attempt_id: view.id,
      question_id: never,
      answer: { value: true },
      seq: 1,
    });
    expect(skipAhead.statusCode).toBe(422);
    expect(skipAhead.json().errors.question_id).toEqual(['Answer the question you are on.']);
    // The confirmed answer is as it was; a repeat of its confirmation changes nothing.
    const repeat = await me.as('POST', '/next', {
      attempt_id: view.id,
      question_id: first,
      answer: { value: false },
      seq: 9,
    });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().data.saved).toEqual([{ question_id: first, seq: 1 }]);
    expect(repeat.json().data.adaptive.question.id).toBe(second);
    const reloaded = attemptView.parse((await me.as('GET', '/attempt')).json().data);
    expect(reloaded.answers[String(first)]).toEqual({ answer: { value: true }, seq: 1 });
    expect(reloaded.answers[String(never)]).toBeUndefined();
  });

  it("refuses another student's attempt (404), a fixed-form exam (418) and an answer after the deadline (418)", async () => {
    const s = await buildAdaptiveScene(t.app, t.db, registry, author);
    const mine = s.student(0);
    const theirs = s.student(1);
    const view = attemptView.parse((await mine.as('POST', '/start')).json().data);
    const body = { attempt_id: view.id, question_id: view.questions[0].id, answer: { value: true }, seq: 1 };
    const foreign = await call(t.app, 'POST', `/api/student/exams/${mine.id}/next`, body, { cookie: theirs.cookie });
    expect(foreign.statusCode).toBe(404);
    const anonymous = await call(t.app, 'POST', `/api/student/exams/${mine.id}/next`, body);
    expect(anonymous.statusCode).toBe(401);
    const staff = await call(t.app, 'POST', `/api/student/exams/${mine.id}/next`, body, { cookie: author });
    expect(staff.statusCode).toBe(403);
    // 45 minutes and the grace later: the time is over.
    clock.set('2026-06-05T10:00:00Z');
    const late = await mine.as('POST', '/next', body);
    expect(late.statusCode).toBe(418);
    expect(late.json().message).toBe('The time for this exam is over: the answer was not saved.');

    const fixed = await buildAdaptiveScene(t.app, t.db, registry, author, { exam: { delivery_mode: 'fixed' } });
    clock.set('2026-06-05T09:00:00Z');
    const me = fixed.student(0);
    const fixedView = attemptView.parse((await me.as('POST', '/start')).json().data);
    expect(fixedView.questions).toHaveLength(40);
    expect(fixedView.adaptive).toBeUndefined();
    const refused = await me.as('POST', '/next', {
      attempt_id: fixedView.id,
      question_id: fixedView.questions[0].id,
      answer: { value: true },
      seq: 1,
    });
    expect(refused.statusCode).toBe(418);
    expect(refused.json().message).toBe('This exam is not adaptive: its questions do not come one at a time.');
  });

  it('is scored on the questions given and measured on the scale: the scaled score with its standard error once released', async () => {
    const s = await buildAdaptiveScene(t.app, t.db, registry, author);
    const strong = s.student(0);
    const weak = s.student(1);
    const high = await sitTest(strong, answerAt(s, 1.2));
    const low = await sitTest(weak, answerAt(s, -1.2));
    for (const me of [strong, weak]) expect((await me.as('POST', '/submit')).statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('exam_attempts')
      .select(['id', 'ability', 'ability_se', 'scale_id', 'max_score'])
      .where('id', 'in', [high.view.id, low.view.id])
      .orderBy('id')
      .execute();
    const [a, b] = rows;
    expect(a.scale_id).toBe(s.scale!.id);
    const mark = Number(s.questions[0].mark);
    expect(Number(a.max_score)).toBe(high.given.length * mark);
    expect(Number(b.max_score)).toBe(low.given.length * mark);
    expect(a.ability!).toBeGreaterThan(0.5);
    expect(b.ability!).toBeLessThan(-0.5);
    expect(a.ability_se!).toBeGreaterThan(0);
    expect(a.ability_se!).toBeLessThan(1);
    // Not released before the window closes; then the scaled score, not a percentage of different questions.
    expect((await strong.as('GET', '/attempt')).json().data.result.scaled).toBeNull();
    clock.set('2026-06-21T09:00:00Z');
    const result = attemptView.parse((await strong.as('GET', '/attempt')).json().data).result!;
    expect(result.scaled).toEqual({
      name_en: 'Reading scale',
      name_ar: 'مقياس القراءة',
      score: Math.round(200 + 10 * a.ability!),
      se: Math.round(10 * a.ability_se! * 10) / 10,
      level: null,
    });
  });
});

describe('publishing an adaptive exam', () => {
  const publish = (examId: number, lang = 'en') =>
    call(t.app, 'PUT', `/api/exams/${examId}/publish`, undefined, {
      cookie: author,
      headers: { 'accept-language': lang },
    });

  it('refuses a pool with a question marked by hand, one without a scale, and fewer calibrated questions than the fewest asked', async () => {
    const essay = await buildAdaptiveScene(t.app, t.db, registry, author, {
      extra: [{ kind: 'essay', key: { max_words: 50 } }],
      publish: false,
    });
    const refused = await publish(essay.exam.id);
    expect(refused.statusCode).toBe(418);
    expect(refused.json().message).toBe(
      'Every question of an adaptive exam must be marked automatically and calibrated on the scale of its skill: 1 are not.',
    );
    expect((await publish(essay.exam.id, 'ar')).json().message).toBe(
      'يجب أن تُصحَّح كل أسئلة الاختبار التكيفي آليًا وأن تكون معايَرة على مقياس مهارته: 1 منها ليست كذلك.',
    );
    const noScale = await buildAdaptiveScene(t.app, t.db, registry, author, { scale: false, publish: false });
    expect((await publish(noScale.exam.id)).json().message).toBe(
      'An adaptive exam needs a reporting scale for its skill on this platform.',
    );
    const small = await buildAdaptiveScene(t.app, t.db, registry, author, {
      items: 4,
      publish: false,
    });
    const tooSmall = await publish(small.exam.id);
    expect(tooSmall.statusCode).toBe(418);
    expect(tooSmall.json().message).toBe(
      'An adaptive exam needs at least as many calibrated questions as its fewest questions (5).',
    );
    // Ten questions, at most six a student, to an SE of 0.30: no student's test can get there.
    const imprecise = await buildAdaptiveScene(t.app, t.db, registry, author, {
      items: 10,
      exam: { adaptive_max_questions: 6, adaptive_se_target: 0.3 },
      publish: false,
    });
    const refusedImprecise = await publish(imprecise.exam.id);
    expect(refusedImprecise.statusCode).toBe(418);
    expect(refusedImprecise.json().message).toBe(
      'This pool cannot measure the middle 90% of the grade’s students to the precision asked: in a simulation of 1,000 students, 0% of them reached it, and 99% must. Add calibrated questions near their abilities, allow more questions or ask a lower precision.',
    );
    for (const id of [essay.exam.id, noScale.exam.id, small.exam.id, imprecise.exam.id]) {
      const row = await t.db.selectFrom('exams').select('is_published').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.is_published).toBe(false);
    }
  });
});

describe('the exam form of an adaptive exam', () => {
  it('saves its rules, and refuses more than one skill, most questions below the fewest and a precision out of range', async () => {
    const l = await buildExamLookups(t.db, registry);
    const other = await buildRecord(t.db, registry, registry.get('skills')!, l.platform);
    const post = (overrides: Partial<ExamInput>, lang = 'en') =>
      call(t.app, 'POST', '/api/exams', examBody(l, overrides), {
        cookie: author,
        headers: { 'accept-language': lang },
      });
    const adaptive = {
      delivery_mode: 'adaptive',
      adaptive_min_questions: 8,
      adaptive_max_questions: 30,
      adaptive_se_target: 0.35,
    } satisfies Partial<ExamInput>;
    const saved = await post(adaptive);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().data).toMatchObject({
      ...adaptive,
      adaptive_start: 'stage_mean',
      adaptive_exposure: 'randomesque',
    });
    const before = await t.db
      .selectFrom('exams')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const twoSkills = await post({ ...adaptive, skill_ids: [l.skill.id, other.id] });
    expect(twoSkills.statusCode).toBe(422);
    expect(twoSkills.json().errors.skill_ids).toEqual(['An adaptive exam measures one skill']);
    // A fixed-form exam may have several.
    expect((await post({ skill_ids: [l.skill.id, other.id] })).statusCode).toBe(201);
    const shorter = await post({ ...adaptive, adaptive_max_questions: 5 }, 'ar');
    expect(shorter.statusCode).toBe(422);
    expect(shorter.json().errors.adaptive_max_questions).toEqual([
      'لا يمكن أن يكون أكبر عدد من الأسئلة أقل من أقل عدد',
    ]);
    const precision = await post({ ...adaptive, adaptive_se_target: 3 });
    expect(precision.statusCode).toBe(422);
    expect(precision.json().errors.adaptive_se_target).toEqual(['Enter a standard error from 0.10 to 1.50 logits']);
    const mode = await post({ delivery_mode: invalid<ExamInput['delivery_mode']>('sometimes') });
    expect(mode.statusCode).toBe(422);
    const after = await t.db
      .selectFrom('exams')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1); // the fixed-form one
  });
});
