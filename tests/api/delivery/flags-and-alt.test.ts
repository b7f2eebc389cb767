import { describe, expect, it } from 'vitest';
import { call } from '../../helpers/api-client';
import { assign, buildDeliveryScene, signInStudent } from '../../helpers/delivery-factory';
import { multipartBody, PNG_1X1 } from '../../helpers/media-fixtures';
import { buildQuestionLookups, questionBody } from '../../helpers/question-factory';
import { author, registry, t, useStudentExamApp, WINDOW } from './student-exam-scene';

/**
 * Flags for review kept with the attempt (so they follow the student to another computer), and a
 * question picture's text alternative (WCAG 1.1.1): required when an image is saved.
 */
useStudentExamApp();

async function started() {
  const scene = await buildDeliveryScene(t.app, t.db, registry, {
    questions: [
      { kind: 'true_false', key: { correct: true } },
      { kind: 'essay', key: { max_words: 50 } },
    ],
  });
  const response = await assign(t.app, author, scene.exam.id, { ...WINDOW, school_ids: [scene.school.id] });
  expect(response.statusCode, response.body).toBe(200);
  const rows = await t.db
    .selectFrom('student_exams')
    .select(['id', 'student_id'])
    .where('exam_id', '=', scene.exam.id)
    .orderBy('student_id')
    .execute();
  const own = rows.find((row) => row.student_id === scene.students[0].id)!;
  const other = rows.find((row) => row.student_id !== scene.students[0].id)!;
  const as = (cookie: string | undefined, method: 'GET' | 'POST' | 'PUT', id: number, path: string, body?: unknown) =>
    call(t.app, method, `/api/student/exams/${id}${path}`, body, { cookie });
  const start = await as(scene.studentCookie, 'POST', own.id, '/start');
  expect(start.statusCode, start.body).toBe(200);
  const attempt = start.json().data as { id: number; flags: number[]; questions: { id: number }[] };
  return { scene, own, other, as, attempt };
}

describe('flags for review', () => {
  it('keeps them with the attempt: a new sign-in (another computer) reads them back', async () => {
    const { scene, own, as, attempt } = await started();
    expect(attempt.flags).toEqual([]);
    const [first, second] = attempt.questions.map((q) => q.id);
    const saved = await as(scene.studentCookie, 'PUT', own.id, '/flags', {
      attempt_id: attempt.id,
      flags: [second, first, second, 999_999],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Each question once; an id outside the exam is dropped.
    expect(saved.json().data).toEqual({ flags: [second, first] });

    // A fresh session (the student's account signed in anew, as on another computer): nothing local.
    const elsewhere = await signInStudent(t.app, t.db, scene.students[0].id);
    const resumed = await as(elsewhere, 'GET', own.id, '/attempt');
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().data.flags).toEqual([second, first]);

    await as(elsewhere, 'PUT', own.id, '/flags', { attempt_id: attempt.id, flags: [] });
    expect((await as(elsewhere, 'GET', own.id, '/attempt')).json().data.flags).toEqual([]);
  });

  it('refuses a stranger (401), staff (403), another student (404), a bad body (422) and a submitted attempt (418)', async () => {
    const { scene, own, other, as, attempt } = await started();
    const body = { attempt_id: attempt.id, flags: [attempt.questions[0]!.id] };
    expect((await as(undefined, 'PUT', own.id, '/flags', body)).statusCode).toBe(401);
    expect((await as(author, 'PUT', own.id, '/flags', body)).statusCode).toBe(403);
    const otherStudent = await signInStudent(t.app, t.db, other.student_id);
    expect((await as(otherStudent, 'PUT', own.id, '/flags', body)).statusCode).toBe(404);
    // The other student's own assignment exists; this student's attempt is not theirs to flag.
    expect((await as(scene.studentCookie, 'PUT', other.id, '/flags', body)).statusCode).toBe(404);
    expect((await as(scene.studentCookie, 'PUT', own.id, '/flags', { flags: 'all' })).statusCode).toBe(422);
    expect(
      (await as(scene.studentCookie, 'PUT', own.id, '/flags', { ...body, attempt_id: attempt.id + 1000 })).statusCode,
    ).toBe(418);
    expect((await as(scene.studentCookie, 'POST', own.id, '/submit')).statusCode).toBe(200);
    expect((await as(scene.studentCookie, 'PUT', own.id, '/flags', body)).statusCode).toBe(418);
    const flags = await t.db
      .selectFrom('exam_attempts')
      .select('flags')
      .where('id', '=', attempt.id)
      .executeTakeFirst();
    expect(flags?.flags).toEqual([]);
  });
});

describe("a question picture's text alternative", () => {
  async function image() {
    const { payload, contentType } = multipartBody({ label: 'questions' }, { name: 'p.png', content: PNG_1X1 });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/upload-media',
      headers: { 'content-type': contentType, cookie: author, 'x-requested-with': 'XMLHttpRequest' },
      payload,
    });
    return response.json().data.relative_path as string;
  }

  it('refuses an image without one (422, both languages), stores it, and sends it to the preview', async () => {
    const lookups = await buildQuestionLookups(t.db, registry);
    const media = await image();
    const body = (alt: unknown) =>
      questionBody(lookups.refs, 'true_false', { correct: true }, { media_type: 'image', media, media_alt: alt });
    for (const alt of [undefined, null, '   ']) {
      const refused = await call(t.app, 'POST', '/api/questions-bank', body(alt), { cookie: author });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ media_alt: ['Describe the picture: an image needs a text alternative'] });
    }
    const arabic = await call(t.app, 'POST', '/api/questions-bank', body(''), { cookie: author, lang: 'ar' });
    expect(arabic.statusCode).toBe(422);
    expect(arabic.json().errors).toEqual({ media_alt: ['صِف الصورة: تحتاج الصورة إلى نص بديل'] });

    const created = await call(t.app, 'POST', '/api/questions-bank', body('  A red square  '), { cookie: author });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.media_alt).toBe('A red square');
    const id = created.json().data.id as number;
    const preview = await call(t.app, 'GET', `/api/questions-bank/${id}/preview`, undefined, { cookie: author });
    expect(preview.json().data).toMatchObject({ media_type: 'image', media_alt: 'A red square' });

    // No picture, no text alternative kept.
    const none = await call(
      t.app,
      'POST',
      '/api/questions-bank',
      questionBody(lookups.refs, 'true_false', { correct: true }, { media_alt: 'stale' }),
      { cookie: author },
    );
    expect(none.statusCode, none.body).toBe(201);
    expect(none.json().data.media_alt).toBeNull();
  });

  it('still reads a question saved before the field existed, and refuses to save it again without one', async () => {
    const lookups = await buildQuestionLookups(t.db, registry);
    const media = await image();
    const created = await call(
      t.app,
      'POST',
      '/api/questions-bank',
      questionBody(lookups.refs, 'true_false', { correct: true }, { media_type: 'image', media, media_alt: 'x' }),
      { cookie: author },
    );
    const id = created.json().data.id as number;
    // As the migration leaves an older question: no text alternative.
    await t.db.updateTable('questions').set({ media_alt: null }).where('id', '=', id).execute();
    const read = await call(t.app, 'GET', `/api/questions-bank/${id}`, undefined, { cookie: author });
    expect(read.statusCode).toBe(200);
    const preview = await call(t.app, 'GET', `/api/questions-bank/${id}/preview`, undefined, { cookie: author });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data.media_alt).toBe('');
    const { media_url: _u, instruction_audio_url: _i, ...record } = read.json().data;
    const saved = await call(t.app, 'PUT', `/api/questions-bank/${id}`, record, { cookie: author });
    expect(saved.statusCode).toBe(422);
    expect(saved.json().errors).toHaveProperty('media_alt');
  });
});
