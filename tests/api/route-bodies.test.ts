import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../schemas/index';
import { ROLES } from '../../src/common/permissions';
import { ManualClock } from '../../src/server/clock';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { call } from '../helpers/api-client';
import { assign, buildDeliveryScene } from '../helpers/delivery-factory';
import { bankQuestion, buildExamLookups, examBody, type ExamLookups } from '../helpers/exam-factory';
import { buildUser, signIn } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Bodies validated on their routes (issue 38): a refusal that does not depend on the body still
 * comes first (404, then the 418 of a published exam or localization, before any 422), and a
 * body's 422 reads as it did when the body was parsed inside: field messages in the request's
 * language, the question form's own message.
 */
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
let t: TestContext;
let registry: SchemaRegistry;
let author: string;
let l: ExamLookups;

beforeAll(async () => {
  t = await createTestApp({}, clock);
  registry = await loadSchemaRegistry();
  author = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
  l = await buildExamLookups(t.db, registry);
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, lang: 'en' | 'ar' = 'en') =>
  call(t.app, method, url, body, { cookie: author, lang });

const BAD_EXAM = { name_en: '', min_mark: 500 };
const PUBLISHED = 'This exam is published and cannot be changed. Unpublish or duplicate it first.';

async function publishedExam() {
  const exam = (await api('POST', '/api/exams', examBody(l))).json().data;
  const question = (await api('POST', '/api/questions-bank', bankQuestion(l))).json().data;
  const [copy] = (await api('POST', `/api/exams/${exam.id}/questions/assign`, { question_ids: [question.id] })).json()
    .data;
  expect((await api('PUT', `/api/exams/${exam.id}/publish`)).statusCode).toBe(200);
  return { exam, copy };
}

describe('the exam form on its route', () => {
  it('refuses a published exam (418) whatever its form says, an unknown one (404), then the form (422)', async () => {
    const { exam } = await publishedExam();
    const frozen = await api('PUT', `/api/exams/${exam.id}`, BAD_EXAM);
    expect(frozen.statusCode, frozen.body).toBe(418);
    expect(frozen.json()).toEqual({ message: PUBLISHED });
    expect((await api('PUT', '/api/exams/999999', BAD_EXAM)).statusCode).toBe(404);
    await api('PUT', `/api/exams/${exam.id}/unpublish`);
    const invalid = await api('PUT', `/api/exams/${exam.id}`, { ...examBody(l), ...BAD_EXAM }, 'ar');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({
      message: 'البيانات المرسلة غير صالحة.',
      errors: {
        name_en: ['اسم الاختبار باللغة الإنجليزية مطلوب'],
        min_mark: ['يجب أن تكون الدرجات بين 0 و100'],
        pass_mark: ['يجب أن تكون درجة النجاح بين الدرجة الدنيا والدرجة القصوى'],
      },
    });
  });
});

describe('localized exams on their routes', () => {
  it('refuses to localize a draft (418) and to edit a published localization (418) before reading the body', async () => {
    const draft = (await api('POST', '/api/exams', examBody(l))).json().data;
    const refused = await api('POST', `/api/exams/${draft.id}/localizations`, { name: '', countries: 'AE' });
    expect(refused.statusCode, refused.body).toBe(418);
    const { exam } = await publishedExam();
    const invalid = await api('POST', `/api/exams/${exam.id}/localizations`, {
      name: '<script>x</script>',
      countries: [],
    });
    expect(invalid.statusCode).toBe(422);
    // The name is sanitized before it is checked: markup alone is no name.
    expect(invalid.json().errors).toEqual({
      name: ['Exam name is required'],
      countries: ['Please select at least one country'],
    });
    const made = (await api('POST', `/api/exams/${exam.id}/localizations`, { name: 'UAE', countries: ['ae'] })).json()
      .data;
    expect(made.countries).toEqual(['AE']);
    await api('POST', '/api/exam-localizations/publish', { exam_localization_ids: [made.id] });
    const frozen = await api('PUT', `/api/exam-localizations/${made.id}`, { name: '' });
    expect(frozen.statusCode, frozen.body).toBe(418);
    expect((await api('POST', '/api/exam-localization/999999/countries', { countries: 'x' })).statusCode).toBe(404);
  });
});

describe("an exam's own questions on their routes", () => {
  it('refuses a published exam (418) before the question, then the question with its form message', async () => {
    const { exam, copy } = await publishedExam();
    const broken = bankQuestion(l, 'single_choice', { options: [] });
    expect((await api('POST', `/api/exams/${exam.id}/questions`, broken)).statusCode).toBe(418);
    expect((await api('PUT', `/api/exams/${exam.id}/questions/${copy.id}`, broken)).statusCode).toBe(418);
    await api('PUT', `/api/exams/${exam.id}/unpublish`);
    expect((await api('PUT', `/api/exams/${exam.id}/questions/999999`, broken)).statusCode).toBe(404);
    const invalid = await api('POST', `/api/exams/${exam.id}/questions`, broken, 'ar');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().message).toBe('يجب إضافة / استكمال معلومات السؤال قبل الحفظ.');
    // What the API added to a question it answered with (its media's URLs) may be sent back.
    const read = (await api('GET', `/api/exams/${exam.id}/questions`)).json().data[0];
    const edited = await api('PUT', `/api/exams/${exam.id}/questions/${copy.id}`, {
      ...bankQuestion(l),
      media_url: read.media_url,
      instruction_audio_url: read.instruction_audio_url,
      text: '<p onclick="x()">Edited</p>',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.text).toBe('<p>Edited</p>');
  });
});

describe('the answer save', () => {
  it("names an answer's own refusal with its parameters, in the request's language", async () => {
    const scene = await buildDeliveryScene(t.app, t.db, registry, {
      questions: [{ kind: 'essay', key: { max_words: 3 } }],
    });
    const window = { start_date_time: '2026-06-02 08:00:00', end_date_time: '2026-06-20 15:00:00' };
    expect((await assign(t.app, author, scene.exam.id, { ...window, school_ids: [scene.school.id] })).statusCode).toBe(
      200,
    );
    const [assignment] = await t.db
      .selectFrom('student_exams')
      .select('id')
      .where('student_id', '=', scene.students[0].id)
      .execute();
    const url = `/api/student/exams/${assignment.id}`;
    const start = await call(t.app, 'POST', `${url}/start`, undefined, { cookie: scene.studentCookie });
    expect(start.statusCode, start.body).toBe(200);
    const questionId = start.json().data.questions[0].id as number;
    const body = { answers: [{ question_id: questionId, answer: { text: 'one two three four' }, seq: 1 }] };
    const en = await call(t.app, 'PUT', `${url}/answers`, body, { cookie: scene.studentCookie });
    expect(en.statusCode, en.body).toBe(422);
    expect(en.json().errors).toEqual({ [`answers.${questionId}`]: ['Your answer is longer than 3 words'] });
    const ar = await call(t.app, 'PUT', `${url}/answers`, body, { cookie: scene.studentCookie, lang: 'ar' });
    expect(Object.values(ar.json().errors).flat()[0]).not.toMatch(/%\{|[A-Za-z]{4}/);
  });
});
