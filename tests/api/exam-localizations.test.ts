import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../schemas/index';
import { ROLES } from '../../src/common/permissions';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { call } from '../helpers/api-client';
import { buildUser, signIn } from '../helpers/factories';
import { bankQuestion, buildExamLookups, examBody, type ExamLookups } from '../helpers/exam-factory';
import { createTestApp, type TestContext } from '../helpers/test-app';

let t: TestContext;
let registry: SchemaRegistry;
let author: string;
let l: ExamLookups;

beforeAll(async () => {
  t = await createTestApp();
  registry = await loadSchemaRegistry();
  author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
  l = await buildExamLookups(t.db, registry);
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, lang: 'en' | 'ar' = 'en') =>
  call(t.app, method, url, body, { cookie: author, lang });

const choice = {
  options: [
    { id: 'o1', text: 'Cairo', correct: true },
    { id: 'o2', text: 'Rome', correct: false },
  ],
};

async function publishedExam() {
  const exam = (await api('POST', '/api/exams', examBody(l))).json().data;
  const q = (
    await api('POST', '/api/questions-bank', bankQuestion(l, 'single_choice', choice, { text: '<p>Which city?</p>' }))
  ).json().data;
  const [question] = (await api('POST', `/api/exams/${exam.id}/questions/assign`, { question_ids: [q.id] })).json()
    .data;
  expect((await api('PUT', `/api/exams/${exam.id}/publish`)).statusCode).toBe(200);
  return { exam, question };
}

describe('localized exams', () => {
  it('can only be created from a published exam', async () => {
    const draft = (await api('POST', '/api/exams', examBody(l))).json().data;
    const response = await api('POST', `/api/exams/${draft.id}/localizations`, { name: 'UAE', countries: ['AE'] });
    expect(response.statusCode).toBe(418);
    expect(response.json().message).toBe('A localized exam can only be created from a published exam.');
  });

  it('carries translated texts over the parent structure, keys and marks, and previews them', async () => {
    const { exam, question } = await publishedExam();
    const created = await api('POST', `/api/exams/${exam.id}/localizations`, {
      name: 'Gulf edition',
      countries: ['ae', 'SA'],
      translations: {
        questions: {
          [question.id]: {
            text: '<p onclick="x()">أي مدينة؟</p>',
            answer_key: { options: [{ id: 'o1', text: 'القاهرة', correct: false }] },
          },
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const localization = created.json().data;
    expect(localization).toMatchObject({ exam_id: exam.id, countries: ['AE', 'SA'], is_published: false });
    expect(JSON.stringify(localization.translations)).not.toContain('onclick');

    const preview = (await api('GET', `/api/exams/${exam.id}/preview?exam_localization_id=${localization.id}`)).json()
      .data;
    const shown = preview.pages[0][0];
    expect(shown.text).toBe('<p>أي مدينة؟</p>');
    expect(JSON.stringify(shown.view)).toContain('القاهرة');
    expect(JSON.stringify(shown.view)).toContain('Rome');
    expect(JSON.stringify(preview)).not.toContain('"correct"');
    expect(preview.localization).toMatchObject({ id: localization.id, countries: ['AE', 'SA'] });
    // The parent keeps its own texts and key.
    const parent = (await api('GET', `/api/exams/${exam.id}/questions`)).json().data[0];
    expect(parent.text).toBe('<p>Which city?</p>');
    expect(parent.answer_key.options[0]).toMatchObject({ text: 'Cairo', correct: true });
  });

  it('validates countries and translation targets', async () => {
    const { exam } = await publishedExam();
    const none = await api('POST', `/api/exams/${exam.id}/localizations`, { name: 'X', countries: [] });
    expect(none.json().errors).toEqual({ countries: ['Please select at least one country'] });
    const bad = await api('POST', `/api/exams/${exam.id}/localizations`, { name: 'X', countries: ['ZZ'] }, 'ar');
    expect(bad.json().errors).toEqual({ 'countries.0': ['هذه الدولة غير صالحة'] });
    const foreign = await api('POST', `/api/exams/${exam.id}/localizations`, {
      name: 'X',
      countries: ['AE'],
      translations: { questions: { '999999': { text: 'x' } } },
    });
    expect(foreign.json().errors).toEqual({
      translations: ['The translations name a question that is not in this exam'],
    });
  });

  it('has its own publish, unpublish, delete and countries, and freezes when published', async () => {
    const { exam } = await publishedExam();
    const a = (await api('POST', `/api/exams/${exam.id}/localizations`, { name: 'A', countries: ['JO'] })).json().data;
    const b = (await api('POST', `/api/exams/${exam.id}/localizations`, { name: 'B', countries: ['EG'] })).json().data;
    const published = await api('POST', '/api/exam-localizations/publish', { exam_localization_ids: [a.id, b.id] });
    expect(published.json().meta).toEqual({ succeeded: 2, failed: 0 });
    const edit = await api('PUT', `/api/exam-localizations/${a.id}`, { ...a, name: 'A2' });
    expect(edit.statusCode).toBe(418);
    expect((await api('GET', `/api/exam-restriction/check?exam_localization_id=${a.id}`)).json().data).toEqual({
      editable: false,
      message: 'This localized exam is published and cannot be changed. Unpublish it first.',
    });
    expect(
      (await api('POST', '/api/exam-localizations/unpublish', { exam_localization_ids: [a.id] })).json().data[0]
        .success,
    ).toBe(true);
    expect((await api('PUT', `/api/exam-localizations/${a.id}`, { ...a, name: 'A2' })).json().data.name).toBe('A2');
    const countries = await api('POST', `/api/exam-localization/${a.id}/countries`, { countries: ['QA', 'OM'] });
    expect(countries.json().data.countries).toEqual(['QA', 'OM']);
    const removed = await api('DELETE', '/api/exam-localizations', { exam_localization_ids: [a.id, b.id] });
    expect(removed.json().meta).toEqual({ succeeded: 2, failed: 0 });
    expect((await api('GET', `/api/exams/${exam.id}/localizations`)).json().data).toEqual([]);
  });

  it('cannot publish a localization while its exam is unpublished', async () => {
    const { exam } = await publishedExam();
    const loc = (await api('POST', `/api/exams/${exam.id}/localizations`, { name: 'A', countries: ['JO'] })).json()
      .data;
    await api('PUT', `/api/exams/${exam.id}/unpublish`);
    const response = await api('POST', '/api/exam-localizations/publish', { exam_localization_ids: [loc.id] });
    expect(response.json().data[0]).toMatchObject({
      success: false,
      status: 418,
      message: 'A localized exam can only be created from a published exam.',
    });
  });
});

describe('publishing rules of localized exams', () => {
  it('gives a country to at most one published localized exam of an exam, naming the country', async () => {
    const { exam } = await publishedExam();
    const first = (
      await api('POST', `/api/exams/${exam.id}/localizations`, { name: 'Gulf', countries: ['AE', 'SA'] })
    ).json().data;
    const second = (
      await api('POST', `/api/exams/${exam.id}/localizations`, { name: 'Emirates', countries: ['AE'] })
    ).json().data;
    const third = (
      await api('POST', `/api/exams/${exam.id}/localizations`, { name: 'Jordan', countries: ['JO'] })
    ).json().data;
    const both = await api('POST', '/api/exam-localizations/publish', {
      exam_localization_ids: [first.id, second.id, third.id],
    });
    expect(both.json().data).toEqual([
      { id: first.id, success: true, status: 200, message: null },
      {
        id: second.id,
        success: false,
        status: 418,
        message: 'United Arab Emirates already has a published localized version of this exam.',
      },
      { id: third.id, success: true, status: 200, message: null },
    ]);
    const arabic = await api('POST', '/api/exam-localizations/publish', { exam_localization_ids: [second.id] }, 'ar');
    expect(arabic.json().data[0].message).toBe(
      'لدى الإمارات العربية المتحدة نسخة مترجمة منشورة من هذا الاختبار بالفعل.',
    );
    const moved = await api('POST', `/api/exam-localization/${third.id}/countries`, { countries: ['JO', 'SA'] });
    expect(moved.statusCode).toBe(418);
    expect(moved.json().message).toBe('Saudi Arabia already has a published localized version of this exam.');
    expect((await api('GET', `/api/exam-localizations/${third.id}`)).json().data.countries).toEqual(['JO']);
    // Another exam may localize for the same country.
    const { exam: other } = await publishedExam();
    const elsewhere = (
      await api('POST', `/api/exams/${other.id}/localizations`, { name: 'UAE', countries: ['AE'] })
    ).json().data;
    expect(
      (await api('POST', '/api/exam-localizations/publish', { exam_localization_ids: [elsewhere.id] })).json().meta,
    ).toEqual({ succeeded: 1, failed: 0 });
  });

  it('unpublishes the localized exams of an exam when the exam is unpublished', async () => {
    const { exam } = await publishedExam();
    const loc = (await api('POST', `/api/exams/${exam.id}/localizations`, { name: 'A', countries: ['JO'] })).json()
      .data;
    await api('POST', '/api/exam-localizations/publish', { exam_localization_ids: [loc.id] });
    expect((await api('GET', `/api/exam-localizations/${loc.id}`)).json().data.is_published).toBe(true);
    expect((await api('PUT', `/api/exams/${exam.id}/unpublish`)).statusCode).toBe(200);
    expect((await api('GET', `/api/exam-localizations/${loc.id}`)).json().data.is_published).toBe(false);
    await api('PUT', `/api/exams/${exam.id}/publish`);
    expect((await api('GET', `/api/exam-localizations/${loc.id}`)).json().data.is_published).toBe(false);
  });
});

describe('edit restriction check', () => {
  it('needs an exam or a localized exam, and answers 404 for unknown ones', async () => {
    const none = await api('GET', '/api/exam-restriction/check', undefined, 'ar');
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.exam_id).toEqual(['اختر اختبارًا أو اختبارًا مترجمًا للتحقق منه.']);
    expect((await api('GET', '/api/exam-restriction/check?exam_id=999999')).statusCode).toBe(404);
    expect((await api('GET', '/api/exam-restriction/check?exam_localization_id=999999')).statusCode).toBe(404);
    expect((await api('GET', '/api/exam-restriction/check?exam_id=abc')).statusCode).toBe(400);
  });
});
