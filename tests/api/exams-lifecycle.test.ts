import { describe, expect, it } from 'vitest';
import { bankQuestion, buildExamLookups, examBody } from '../helpers/exam-factory';
import { bothNames } from '../helpers/student-names';
import { api, bankQuestionId, createExam, examWithQuestions, l, registry, t, useExamsApp } from './exams-app';

useExamsApp();

describe('exam questions', () => {
  it('copies bank questions: bank edits never reach the exam', async () => {
    const { exam, questions } = await examWithQuestions(1);
    const bankId = (
      await t.db
        .selectFrom('exam_questions')
        .select('source_question_id')
        .where('id', '=', questions[0].id)
        .executeTakeFirstOrThrow()
    ).source_question_id!;
    const bank = (await api('GET', `/api/questions-bank/${bankId}`)).json().data;
    await api('PUT', `/api/questions-bank/${bankId}`, { ...bank, text: '<p>Changed in the bank</p>', mark: 9 });
    const inExam = (await api('GET', `/api/exams/${exam.id}/questions`)).json().data[0];
    expect(inExam.text).toBe('<p>Choose the <strong>right</strong> answer</p>');
    expect(inExam.mark).toBe(4);
    expect((await api('GET', `/api/exams/${exam.id}`)).json().data).toMatchObject({
      total_mark: 4,
      total_questions_mark: 4,
      questions_count: 1,
    });
  });

  it('refuses bank questions of another platform or skill', async () => {
    const exam = await createExam();
    const other = await buildExamLookups(t.db, registry);
    const foreign = (await api('POST', '/api/questions-bank', bankQuestion(other))).json().data.id;
    const response = await api('POST', `/api/exams/${exam.id}/questions/assign`, { question_ids: [foreign] });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.question_ids).toEqual([
      "This question does not fit the exam: it must be on the exam's platform and one of its skills",
    ]);
  });

  it('creates a question in place, removes one and reorders them', async () => {
    const { exam, questions } = await examWithQuestions(2);
    const created = await api('POST', `/api/exams/${exam.id}/questions`, bankQuestion(l, 'essay', { max_words: 20 }));
    expect(created.statusCode, created.body).toBe(201);
    const order = [created.json().data.id, questions[1].id, questions[0].id];
    const reordered = await api('PUT', `/api/exams/${exam.id}/questions/reorder`, { question_ids: order });
    expect(reordered.json().data.map((q: { id: number }) => q.id)).toEqual(order);
    const bad = await api('PUT', `/api/exams/${exam.id}/questions/reorder`, { question_ids: [questions[0].id] });
    expect(bad.statusCode).toBe(422);
    expect((await api('DELETE', `/api/exams/${exam.id}/questions/${questions[1].id}`)).statusCode).toBe(200);
    expect((await api('GET', `/api/exams/${exam.id}/questions`)).json().data.map((q: { id: number }) => q.id)).toEqual([
      order[0],
      order[2],
    ]);
    const invalid = await api(
      'POST',
      `/api/exams/${exam.id}/questions`,
      bankQuestion(l, 'single_choice', { options: [] }),
    );
    expect(invalid.json().message).toBe('You need to add / complete question information before saving.');
  });
});

describe('the publish lifecycle (418)', () => {
  it('refuses to publish an exam without questions', async () => {
    const exam = await createExam();
    const response = await api('PUT', `/api/exams/${exam.id}/publish`, undefined, 'ar');
    expect(response.statusCode).toBe(418);
    expect(response.json()).toEqual({ message: 'لا يمكن نشر اختبار لا يحتوي على أسئلة.' });
  });

  it('freezes a published exam: no edit, no question change, until unpublished', async () => {
    const { exam, questions } = await examWithQuestions(2);
    expect((await api('PUT', `/api/exams/${exam.id}/publish`)).json().data.is_published).toBe(true);
    const edit = await api('PUT', `/api/exams/${exam.id}`, examBody(l, { name_en: 'Changed' }));
    expect(edit.statusCode).toBe(418);
    expect(edit.json()).toEqual({
      message: 'This exam is published and cannot be changed. Unpublish or duplicate it first.',
    });
    const extra = await bankQuestionId();
    for (const [method, url, body] of [
      ['POST', `/api/exams/${exam.id}/questions/assign`, { question_ids: [extra] }],
      ['POST', `/api/exams/${exam.id}/questions`, bankQuestion(l)],
      ['PUT', `/api/exams/${exam.id}/questions/${questions[0].id}`, bankQuestion(l)],
      ['DELETE', `/api/exams/${exam.id}/questions/${questions[0].id}`, undefined],
      ['PUT', `/api/exams/${exam.id}/questions/reorder`, { question_ids: [questions[1].id, questions[0].id] }],
    ] as const) {
      expect((await api(method, url, body)).statusCode, `${method} ${url}`).toBe(418);
    }
    const check = await api('GET', `/api/exam-restriction/check?exam_id=${exam.id}`);
    expect(check.json().data).toEqual({
      editable: false,
      message: 'This exam is published and cannot be changed. Unpublish or duplicate it first.',
    });
    expect((await api('PUT', `/api/exams/${exam.id}/unpublish`)).json().data.is_published).toBe(false);
    expect((await api('PUT', `/api/exams/${exam.id}`, examBody(l, { name_en: 'Changed' }))).statusCode).toBe(200);
    expect((await api('GET', `/api/exam-restriction/check?exam_id=${exam.id}`)).json().data).toEqual({
      editable: true,
      message: null,
    });
  });

  it('refuses to delete an exam a student has started, and deletes one nobody started', async () => {
    const { exam } = await examWithQuestions(1);
    const student = await t.db.selectFrom('students').select('id').executeTakeFirst();
    const studentId = student?.id ?? (await makeStudent());
    // Delivery does not exist yet: a started student exam is faked in the database.
    await t.db
      .insertInto('student_exams')
      .values({ exam_id: exam.id, student_id: studentId, status: 'started', started_at: new Date() })
      .execute();
    const refused = await api('DELETE', `/api/exams/${exam.id}`);
    expect(refused.statusCode).toBe(418);
    expect(refused.json().message).toBe('Students have started this exam, so it cannot be deleted.');
    const other = await createExam();
    expect((await api('DELETE', `/api/exams/${other.id}`)).statusCode).toBe(200);
    expect((await api('GET', `/api/exams/${other.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a published exam, alone or in bulk, until it is unpublished', async () => {
    const { exam } = await examWithQuestions(1);
    await api('PUT', `/api/exams/${exam.id}/publish`);
    const refused = await api('DELETE', `/api/exams/${exam.id}`, undefined, 'ar');
    expect(refused.statusCode).toBe(418);
    expect(refused.json().message).toBe('هذا الاختبار منشور ولا يمكن حذفه. ألغِ نشره أولًا.');
    const bulk = await api('POST', '/api/exams/bulk/delete', { exam_ids: [exam.id] });
    expect(bulk.json().data).toEqual([
      {
        id: exam.id,
        success: false,
        status: 418,
        message: 'This exam is published and cannot be deleted. Unpublish it first.',
      },
    ]);
    expect((await api('GET', `/api/exams/${exam.id}`)).statusCode).toBe(200);
    await api('PUT', `/api/exams/${exam.id}/unpublish`);
    expect((await api('DELETE', `/api/exams/${exam.id}`)).statusCode).toBe(200);
  });

  it('runs bulk actions partially and reports the outcome of each exam', async () => {
    const empty = await createExam();
    const { exam: full } = await examWithQuestions(1);
    const publish = await api('POST', '/api/exams/bulk/publish', { exam_ids: [empty.id, full.id, 999999] });
    expect(publish.statusCode).toBe(200);
    expect(publish.json()).toEqual({
      data: [
        { id: empty.id, success: false, status: 418, message: 'An exam without questions cannot be published.' },
        { id: full.id, success: true, status: 200, message: null },
        { id: 999999, success: false, status: 404, message: 'The requested item was not found.' },
      ],
      meta: { succeeded: 1, failed: 2 },
    });
    expect((await api('POST', '/api/exams/bulk/unpublish', { exam_ids: [full.id] })).json().meta).toEqual({
      succeeded: 1,
      failed: 0,
    });
    const del = await api('POST', '/api/exams/bulk/delete', { exam_ids: [empty.id, full.id] });
    expect(del.json().meta).toEqual({ succeeded: 2, failed: 0 });
    expect((await api('POST', '/api/exams/bulk/delete', { exam_ids: [] })).statusCode).toBe(422);
  });

  it('duplicates an exam as an unpublished copy with copied questions and no localizations', async () => {
    const { exam, questions } = await examWithQuestions(2);
    await api('PUT', `/api/exams/${exam.id}/publish`);
    await api('POST', `/api/exams/${exam.id}/localizations`, { name: 'UAE', countries: ['AE'] });
    const copy = (await api('GET', `/api/exams/${exam.id}/duplicate`)).json().data;
    expect(copy).toMatchObject({
      is_published: false,
      name_en: 'Reading benchmark (copy)',
      name_ar: 'اختبار القراءة المعياري (نسخة)',
      // Two questions of 4 marks: their marks' total, and their number apart (SPEC item 66).
      total_questions_mark: 8,
      questions_count: 2,
    });
    expect(copy.id).not.toBe(exam.id);
    // Every other declared field is copied as it is (decimals, dates, tags, skills, marking settings).
    const original = (await api('GET', `/api/exams/${exam.id}`)).json().data;
    const changed = ['id', 'name', 'name_en', 'name_ar', 'is_published', 'created_at', 'updated_at', 'created_by'];
    const rest = (record: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(record).filter(([key]) => !changed.includes(key)));
    expect(rest(copy)).toEqual(rest(original));
    const copied = (await api('GET', `/api/exams/${copy.id}/questions`)).json().data;
    expect(copied.map((q: { text: string }) => q.text)).toEqual(
      questions.map(() => '<p>Choose the <strong>right</strong> answer</p>'),
    );
    expect(copied.map((q: { id: number }) => q.id)).not.toEqual(questions.map((q) => q.id));
    expect((await api('GET', `/api/exams/${copy.id}/localizations`)).json().data).toEqual([]);
  });
});

describe('preview', () => {
  it('pages the questions by questions_per_page without answer keys', async () => {
    const { exam } = await examWithQuestions(3);
    const preview = (await api('GET', `/api/exams/${exam.id}/preview`)).json().data;
    expect(preview.exam).toMatchObject({
      id: exam.id,
      duration_minutes: 45,
      questions_per_page: 2,
      questions_count: 3,
      total_mark: 12,
    });
    expect(preview.pages.map((p: unknown[]) => p.length)).toEqual([2, 1]);
    expect(JSON.stringify(preview)).not.toMatch(/"correct"|answer_key/);
    const onePage = await createExam({ questions_per_page: 0 });
    await api('POST', `/api/exams/${onePage.id}/questions/assign`, {
      question_ids: [await bankQuestionId(), await bankQuestionId()],
    });
    expect(
      (await api('GET', `/api/exams/${onePage.id}/preview`)).json().data.pages.map((p: unknown[]) => p.length),
    ).toEqual([2]);
  });
});

async function makeStudent(): Promise<number> {
  const school = await t.db
    .insertInto('schools')
    .values({ name: 'S', name_en: 'S', name_ar: 'س' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const klass = await t.db
    .insertInto('school_classes')
    .values({ name: 'A', name_en: 'A', name_ar: 'أ', school_id: school.id, grade_id: l.grade!.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const student = await t.db
    .insertInto('students')
    .values({
      school_id: school.id,
      school_class_id: klass.id,
      grade_id: l.grade!.id,
      ...bothNames('Student'),
      gender: 'female',
      nationality: 'AE',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return student.id;
}
