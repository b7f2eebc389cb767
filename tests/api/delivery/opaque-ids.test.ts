import { describe, expect, it } from 'vitest';
import { keyAnswer } from '../../../src/common/questions/key-answer';
import { answerInView } from '../../helpers/answer-from-view';
import { call } from '../../helpers/api-client';
import { assign, buildDeliveryScene } from '../../helpers/delivery-factory';
import { author, registry, t, useStudentExamApp } from './student-exam-scene';

/**
 * Issue 23, "by id": ids an author chose (r1..r3 in answer order, w1-3 nouns, w4-6 verbs) never
 * reach the student; each attempt sees its own, and its answers are read back into the author's,
 * so storing, scoring and correction work as before.
 */
useStudentExamApp();

const KEYS: { kind: string; key: unknown; overrides?: Record<string, unknown> }[] = [
  {
    kind: 'single_choice',
    key: {
      options: [
        { id: 'a', text: 'Yes', correct: true },
        { id: 'b', text: 'No', correct: false },
        { id: 'c', text: 'Maybe', correct: false },
      ],
    },
  },
  {
    kind: 'multiple_choice',
    key: {
      options: [
        { id: 'm1', text: 'Two', correct: true },
        { id: 'm2', text: 'Four', correct: true },
        { id: 'm3', text: 'Five', correct: false },
      ],
    },
  },
  { kind: 'true_false', key: { correct: true } },
  { kind: 'essay', key: { max_words: 50 } },
  {
    kind: 'fill_blanks',
    key: {
      blanks: [
        { id: 'b1', before: 'The cat', after: '.', answer: 'sleeps', options: ['sleeps', 'runs', 'eats'] },
        { id: 'b2', before: 'Two and two make', after: '', answer: 'four' },
      ],
    },
  },
  {
    kind: 'reordering',
    key: {
      items: [
        { id: 'r1', text: 'The' },
        { id: 'r2', text: 'cat' },
        { id: 'r3', text: 'sleeps' },
        { id: 'r4', text: 'soundly' },
      ],
    },
  },
  {
    kind: 'matching',
    key: {
      pairs: [
        { id: 'p1', left: 'sun', right_id: 'x1', right: 'شمس' },
        { id: 'p2', left: 'moon', right_id: 'x2', right: 'قمر' },
        { id: 'p3', left: 'star', right_id: 'x3', right: 'نجمة' },
      ],
    },
  },
  { kind: 'audio_response', key: { max_duration_seconds: 60 } },
  {
    kind: 'categorizing',
    key: {
      categories: [
        {
          id: 'nouns',
          name: 'Nouns',
          options: [
            { id: 'w1', text: 'book' },
            { id: 'w2', text: 'tree' },
            { id: 'w3', text: 'house' },
          ],
        },
        {
          id: 'verbs',
          name: 'Verbs',
          options: [
            { id: 'w4', text: 'run' },
            { id: 'w5', text: 'eat' },
            { id: 'w6', text: 'sleep' },
          ],
        },
      ],
    },
  },
  {
    kind: 'paragraph',
    key: {
      passage: '<p>Salma plants a tree.</p>',
      children: [
        {
          id: 'k1',
          kind: 'single_choice',
          text: '<p>What does she plant?</p>',
          mark: 2,
          mark_option: 'all_or_nothing',
          definition: {
            options: [
              { id: 'a', text: 'A tree', correct: true },
              { id: 'b', text: 'A flower', correct: false },
            ],
          },
        },
        {
          id: 'k2',
          kind: 'reordering',
          text: '<p>Put in order.</p>',
          mark: 3,
          mark_option: 'all_or_nothing',
          definition: {
            items: [
              { id: 'r1', text: 'dig' },
              { id: 'r2', text: 'plant' },
              { id: 'r3', text: 'water' },
            ],
          },
        },
      ],
    },
    overrides: { mark: 5 },
  },
];
const AUTHOR_IDS = [
  'a',
  'b',
  'c',
  'm1',
  'm2',
  'm3',
  'b1',
  'b2',
  'r1',
  'r2',
  'r3',
  'r4',
  'p1',
  'p2',
  'p3',
  'x1',
  'x2',
  'x3',
];
const MORE_AUTHOR_IDS = ['nouns', 'verbs', 'w1', 'w2', 'w3', 'w4', 'w5', 'w6', 'k1', 'k2'];

/** Every `id` a view offers. */
const idsIn = (value: unknown, found: string[] = []): string[] => {
  if (Array.isArray(value)) value.forEach((entry) => idsIn(entry, found));
  else if (value && typeof value === 'object')
    for (const [key, entry] of Object.entries(value)) {
      if (key === 'id' && typeof entry === 'string') found.push(entry);
      else idsIn(entry, found);
    }
  return found;
};

async function started(options: Record<string, unknown> = {}) {
  const scene = await buildDeliveryScene(t.app, t.db, registry, { questions: KEYS });
  await assign(t.app, author, scene.exam.id, {
    start_date_time: '2026-06-02 08:00:00',
    end_date_time: '2026-06-20 15:00:00',
    student_ids: [scene.students[0].id],
    ...options,
  });
  const { id } = await t.db
    .selectFrom('student_exams')
    .select('id')
    .where('exam_id', '=', scene.exam.id)
    .executeTakeFirstOrThrow();
  const as = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) =>
    call(t.app, method, `/api/student/exams/${id}${path}`, body, { cookie: scene.studentCookie });
  const view = (await as('POST', '/start')).json().data;
  return { scene, as, view };
}

describe('answer-part ids a student sees', () => {
  it("are never the author's, and the right answers given in them score in full and are stored in the author's", async () => {
    const { scene, as, view } = await started({ shuffle_choices: true, shuffle_questions: true });
    const shown = idsIn(view.questions.map((q: { view: unknown }) => q.view));
    expect(shown.filter((id) => [...AUTHOR_IDS, ...MORE_AUTHOR_IDS].includes(id))).toEqual([]);
    expect(new Set(shown).size).toBe(shown.length);

    const answers = scene.questions
      .map((question, index) => ({ question, ...KEYS[index]! }))
      .filter(({ kind }) => kind !== 'audio_response')
      .map(({ question, kind, key }, index) => {
        const shown = view.questions.find((q: { id: number }) => q.id === question.id).view;
        const right = kind === 'essay' ? { text: 'A short essay.' } : keyAnswer(kind, key);
        return {
          question_id: question.id,
          answer: answerInView(kind, key, shown, right),
          seq: index + 1,
          authored: right,
        };
      });
    const saved = await as('PUT', '/answers', {
      attempt_id: view.id,
      answers: answers.map(({ authored: _a, ...item }) => item),
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // Stored in the author's ids, for correction, reports and item analysis.
    const stored = await t.db
      .selectFrom('attempt_answers')
      .select(['question_id', 'answer'])
      .where('attempt_id', '=', view.id)
      .execute();
    const parse = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
    for (const { question_id, authored } of answers)
      expect(parse(stored.find((row) => row.question_id === question_id)!.answer), `question ${question_id}`).toEqual(
        authored,
      );

    // A resume shows them as they were sent, in the same ids.
    const resumed = (await as('GET', '/attempt')).json().data;
    expect(idsIn(resumed.questions.map((q: { view: unknown }) => q.view)).sort()).toEqual([...shown].sort());
    for (const { question_id, answer } of answers) expect(resumed.answers[String(question_id)].answer).toEqual(answer);

    expect((await as('POST', '/submit')).statusCode).toBe(200);
    // Everything right but the essay and the spoken answer (4 each), which a teacher marks. (The
    // student sees the score once the results are released.)
    const result = await t.db
      .selectFrom('exam_attempts')
      .select(['score', 'max_score'])
      .where('id', '=', view.id)
      .executeTakeFirstOrThrow();
    expect(Number(result.score)).toBe(Number(result.max_score) - 8);
  });

  it("refuses answers in the author's ids as not valid", async () => {
    const { scene, as } = await started();
    for (const [index, { kind, key }] of KEYS.entries()) {
      if (['true_false', 'essay', 'audio_response'].includes(kind)) continue;
      const question = scene.questions[index]!;
      const response = await as('PUT', '/answers', {
        answers: [{ question_id: question.id, answer: keyAnswer(kind, key), seq: 1 }],
      });
      expect([response.statusCode, response.json().errors], kind).toEqual([
        422,
        { [`answers.${question.id}`]: ['This answer is not valid for this question'] },
      ]);
    }
  });

  it('differ from one attempt to the next', async () => {
    const first = await started();
    const second = await started();
    const ids = (view: { questions: { view: unknown }[] }) => idsIn(view.questions.map((q) => q.view));
    const shared = ids(first.view).filter((id) => ids(second.view).includes(id));
    expect(shared).toEqual([]);
  });
});
