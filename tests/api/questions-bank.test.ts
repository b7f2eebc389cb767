import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../schemas/index';
import { ANSWER_KINDS } from '../../src/common/questions/index';
import { permissionFor, ROLES } from '../../src/common/permissions';
import { listPermissions } from '../../src/common/permission-catalog';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { DEFINITIONS } from '../unit/questions/fixtures';
import { call } from '../helpers/api-client';
import { buildUser, buildUserWithPermissions, signIn } from '../helpers/factories';
import { multipartBody, PNG_1X1, wav } from '../helpers/media-fixtures';
import { buildQuestionLookups, questionBody } from '../helpers/question-factory';
import { createTestApp, type TestContext } from '../helpers/test-app';

let t: TestContext;
let registry: SchemaRegistry;
let author: string;
let lookups: Awaited<ReturnType<typeof buildQuestionLookups>>;

beforeAll(async () => {
  t = await createTestApp();
  registry = await loadSchemaRegistry();
  author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
  lookups = await buildQuestionLookups(t.db, registry);
});
afterAll(() => t.close());

const api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  lang: 'en' | 'ar' = 'en',
  cookie = author,
) => call(t.app, method, url, body, { cookie, lang });

async function upload(content: Buffer, name: string) {
  const { payload, contentType } = multipartBody({ label: 'questions' }, { name, content });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/upload-media',
    headers: { 'content-type': contentType, cookie: author, 'x-requested-with': 'XMLHttpRequest' },
    payload,
  });
  return response.json().data.relative_path as string;
}

describe('questions bank CRUD', () => {
  it.each(ANSWER_KINDS.map((k) => [k]))('creates, reads, previews, updates and deletes a %s question', async (kind) => {
    const body = questionBody(lookups.refs, kind, DEFINITIONS[kind]);
    const created = await api('POST', '/api/questions-bank', body);
    expect(created.statusCode, created.body).toBe(201);
    const question = created.json().data;
    expect(question).toMatchObject({
      answer_type: kind,
      answer_key: DEFINITIONS[kind],
      mark: body.mark,
      skill: { id: lookups.refs.skill_id },
      platform: { id: lookups.platform.id },
    });

    const preview = await api('GET', `/api/questions-bank/${question.id}/preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    const json = JSON.stringify(preview.json().data);
    expect(json).not.toMatch(/"correct"|"answer"|"right_id":"r9","right"|"answer_key"/);
    expect(preview.json().data).toMatchObject({ answer_type: kind, text: body.text });

    const updated = await api('PUT', `/api/questions-bank/${question.id}`, { ...question, text: '<p>Edited</p>' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.text).toBe('<p>Edited</p>');

    expect((await api('DELETE', `/api/questions-bank/${question.id}`)).statusCode).toBe(200);
    expect((await api('GET', `/api/questions-bank/${question.id}`)).statusCode).toBe(404);
  });

  it('lists with filters by type, skill, difficulty, learning outcome and platform, and search', async () => {
    const other = await buildQuestionLookups(t.db, registry, 'ISA');
    const a = (
      await api(
        'POST',
        '/api/questions-bank',
        questionBody(lookups.refs, 'true_false', { correct: true }, { text: '<p>Alpha zebra</p>' }),
      )
    ).json().data;
    const b = (
      await api(
        'POST',
        '/api/questions-bank',
        questionBody(lookups.refs, 'essay', { max_words: 10 }, { text: '<p>Beta</p>' }),
      )
    ).json().data;
    const c = (await api('POST', '/api/questions-bank', questionBody(other.refs, 'essay', { max_words: 10 }))).json()
      .data;
    const ids = async (query: string) =>
      (await api('GET', `/api/questions-bank?${query}`)).json().data.map((q: { id: number }) => q.id);
    expect(await ids(`platform_id=${lookups.platform.id}&filter[answer_type]=essay`)).toEqual([b.id]);
    expect(await ids(`filter[skill_id]=${other.refs.skill_id}`)).toEqual([c.id]);
    expect(await ids(`platform_id=${lookups.platform.id}&search=ZEBRA`)).toEqual([a.id]);
    expect(await ids(`filter[difficulty_level_id]=${other.refs.difficulty_level_id}`)).toEqual([c.id]);
    expect(await ids(`filter[learning_outcome_id]=${lookups.refs.learning_outcome_id}&sort=id&order=asc`)).toEqual(
      expect.arrayContaining([a.id, b.id]),
    );
    expect(await ids(`platform_id=${other.platform.id}`)).toEqual([c.id]);
    expect((await api('GET', '/api/questions-bank?filter[answer_key]=x')).statusCode).toBe(400);
  });
});

describe('validation', () => {
  it('gives each required-field message', async () => {
    const response = await api('POST', '/api/questions-bank', { text: '' });
    expect(response.statusCode).toBe(422);
    const errors = response.json().errors;
    expect(errors).toMatchObject({
      text: ['Question text is required'],
      question_type_id: ['Question type is required'],
      difficulty_level_id: ['Difficulty level is required'],
      cognitive_level_id: ['Cognitive level is required'],
      learning_outcome_id: ['Learning outcome is required'],
      depth_of_knowledge_id: ['Depth of knowledge is required'],
      mark_option: ['Mark options is required'],
      media_replay_count: ['Media replay count is required'],
      mark: ['Mark is required'],
    });
    const ar = await api('POST', '/api/questions-bank', {}, 'ar');
    expect(ar.json().errors.text).toEqual(['نص السؤال مطلوب']);
  });

  it.each([
    [
      'single_choice',
      { options: [{ id: 'o1', text: 'A', correct: true }] },
      'answer_key.options',
      'Add at least two options',
    ],
    [
      'single_choice',
      {
        options: [
          { id: 'o1', text: 'A', correct: true },
          { id: 'o2', text: 'B', correct: true },
        ],
      },
      'answer_key.options',
      'Mark exactly one option as correct',
    ],
    [
      'multiple_choice',
      {
        options: [
          { id: 'o1', text: 'A', correct: true },
          { id: 'o2', text: 'a', correct: false },
        ],
      },
      'answer_key.options.1.text',
      'This option is a duplicate',
    ],
    [
      'fill_blanks',
      { blanks: [{ id: 'b1', before: 'x', after: 'y', answer: '' }] },
      'answer_key.blanks.0.answer',
      'Every blank needs a correct answer',
    ],
    [
      'matching',
      {
        pairs: [
          { id: 'p1', left: 'a', right_id: 'r1', right: 'x' },
          { id: 'p2', left: 'a', right_id: 'r2', right: 'y' },
        ],
      },
      'answer_key.pairs.1.left',
      'This pair text is a duplicate',
    ],
    [
      'categorizing',
      {
        categories: [
          { id: 'c1', name: 'A', options: [{ id: 'x1', text: 'x' }] },
          { id: 'c2', name: 'B', options: [] },
        ],
      },
      'answer_key.categories.1.options',
      'A category cannot be empty',
    ],
    [
      'paragraph',
      { passage: '<p>P</p>', children: [] },
      'answer_key.children',
      'A paragraph needs at least one question',
    ],
  ])('refuses an incomplete %s definition with the spec message', async (kind, key, path, message) => {
    const response = await api(
      'POST',
      '/api/questions-bank',
      questionBody(lookups.refs, kind, key, kind === 'paragraph' ? { mark: 0 } : {}),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('You need to add / complete question information before saving.');
    expect(response.json().errors[path], JSON.stringify(response.json().errors)).toContain(message);
  });

  it('refuses lookups of another platform, an outcome of another skill and a paragraph whose mark is not the sum', async () => {
    const other = await buildQuestionLookups(t.db, registry);
    const foreign = await api(
      'POST',
      '/api/questions-bank',
      questionBody({ ...lookups.refs, difficulty_level_id: other.refs.difficulty_level_id }, 'true_false', {
        correct: true,
      }),
    );
    expect(foreign.json().errors).toEqual({
      difficulty_level_id: ['The selected item does not exist on this platform'],
    });
    const mismatch = await api(
      'POST',
      '/api/questions-bank',
      questionBody(
        { ...lookups.refs, skill_id: (await buildQuestionLookups(t.db, registry)).refs.skill_id },
        'true_false',
        { correct: true },
      ),
    );
    expect(mismatch.statusCode).toBe(422);
    const paragraph = await api(
      'POST',
      '/api/questions-bank',
      questionBody(lookups.refs, 'paragraph', DEFINITIONS.paragraph, { mark: 3 }),
    );
    expect(paragraph.json().errors.mark).toEqual([
      "The mark of a paragraph must equal the sum of its questions' marks",
    ]);
  });
});

describe('rich text and media', () => {
  it('stores no script or event handler in any text field', async () => {
    const xss = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const key = {
      options: [
        { id: 'o1', text: `<b onclick="alert(3)">Yes</b>${xss}`, correct: true },
        { id: 'o2', text: '<span style="color:red" onmouseover="x()">No</span>', correct: false },
      ],
    };
    const created = await api(
      'POST',
      '/api/questions-bank',
      questionBody(lookups.refs, 'single_choice', key, { text: `<p onclick="alert(4)">Q</p>${xss}` }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const row = await t.db
      .selectFrom('questions')
      .select(['text', 'answer_key'])
      .where('id', '=', created.json().data.id)
      .executeTakeFirstOrThrow();
    const stored = JSON.stringify(row);
    expect(stored).not.toMatch(/script|onerror|onclick|onmouseover|<img/i);
    expect(row.text).toBe('<p>Q</p>');
    expect((row.answer_key as { options: { text: string }[] }).options.map((o) => o.text)).toEqual([
      '<b>Yes</b>',
      '<span style="color:red">No</span>',
    ]);
  });

  it('refuses a text that is only markup as missing', async () => {
    const response = await api(
      'POST',
      '/api/questions-bank',
      questionBody(lookups.refs, 'true_false', { correct: true }, { text: '<script>alert(1)</script>' }),
    );
    expect(response.json().errors.text).toEqual(['Question text is required']);
  });

  it('takes uploaded image media and instruction audio, and refuses unknown or wrong-kind media', async () => {
    const image = await upload(PNG_1X1, 'a.png');
    const audio = await upload(wav(), 'a.wav');
    const ok = await api(
      'POST',
      '/api/questions-bank',
      questionBody(
        lookups.refs,
        'true_false',
        { correct: true },
        {
          media_type: 'image',
          media: image,
          media_alt: 'A red square',
          instruction_audio: audio,
          media_replay_count: 2,
        },
      ),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.media_url).toBe(`/api/${image}`);
    const preview = (await api('GET', `/api/questions-bank/${ok.json().data.id}/preview`)).json().data;
    expect(preview).toMatchObject({
      media_type: 'image',
      media_replay_count: 2,
      instruction_audio_url: `/api/${audio}`,
    });

    const wrongKind = await api(
      'POST',
      '/api/questions-bank',
      questionBody(lookups.refs, 'true_false', { correct: true }, { media_type: 'audio', media: image }),
    );
    expect(wrongKind.json().errors).toEqual({ media: ['This media file reference is not valid'] });
    const missing = await api(
      'POST',
      '/api/questions-bank',
      questionBody(lookups.refs, 'true_false', { correct: true }, { media_type: 'image', media: null }),
    );
    expect(missing.json().errors.media).toEqual(['Media file is required']);
  });
});

describe('permissions', () => {
  it('answers 403 for each action without its permission', async () => {
    const q = (
      await api('POST', '/api/questions-bank', questionBody(lookups.refs, 'true_false', { correct: true }))
    ).json().data;
    const student = await signIn(t.app, await buildUser(t.db, { role: ROLES.student }));
    expect((await api('GET', '/api/questions-bank', undefined, 'en', student)).statusCode).toBe(403);
    expect((await api('GET', `/api/questions-bank/${q.id}/preview`, undefined, 'en', student)).statusCode).toBe(403);
    const viewer = await signIn(t.app, await buildUserWithPermissions(t.db, listPermissions('questions-bank')));
    expect((await api('GET', `/api/questions-bank/${q.id}`, undefined, 'en', viewer)).statusCode).toBe(200);
    expect(
      (
        await api(
          'POST',
          '/api/questions-bank',
          questionBody(lookups.refs, 'true_false', { correct: true }),
          'en',
          viewer,
        )
      ).statusCode,
    ).toBe(403);
    expect((await api('PUT', `/api/questions-bank/${q.id}`, q, 'en', viewer)).statusCode).toBe(403);
    expect((await api('DELETE', `/api/questions-bank/${q.id}`, undefined, 'en', viewer)).statusCode).toBe(403);
    const editor = await signIn(t.app, await buildUserWithPermissions(t.db, [permissionFor('questions-bank', 'edit')]));
    expect((await api('PUT', `/api/questions-bank/${q.id}`, q, 'en', editor)).statusCode).toBe(200);
  });
});
