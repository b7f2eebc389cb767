import type { SchemaRegistry } from '../../schemas/index';
import type { App } from '../../src/server/app';
import type { Db } from '../../src/server/db/database';
import { call } from './api-client';
import { assign, buildDeliveryScene, signInStudent } from './delivery-factory';
import { buildUser, signIn } from './factories';
import { multipartBody, wav } from './media-fixtures';

/** An exam with a spoken question, a true/false one and a paragraph holding a spoken question. */
export const SPOKEN_QUESTIONS = [
  { kind: 'audio_response', key: { max_duration_seconds: 60 } },
  { kind: 'true_false', key: { correct: true } },
  {
    kind: 'paragraph',
    key: {
      passage: '<p>Look at the picture.</p>',
      children: [
        {
          id: 'say',
          kind: 'audio_response',
          text: '<p>Describe it.</p>',
          mark: 3,
          mark_option: 'all_or_nothing',
          definition: { max_duration_seconds: 60 },
        },
      ],
    },
    overrides: { mark: 3 },
  },
];

/** Within the delivery scene's window (the test's clock must be inside it to start). */
export const SPOKEN_WINDOW = { start_date_time: '2026-06-02 08:00:00', end_date_time: '2026-06-20 15:00:00' };

export function uploadAs(
  app: App,
  cookie: string,
  label: string,
  file: { name: string; content: Buffer },
  lang = 'en',
) {
  const { payload, contentType } = multipartBody({ label }, file);
  return app.inject({
    method: 'POST',
    url: '/api/upload-media',
    headers: { 'content-type': contentType, 'x-requested-with': 'XMLHttpRequest', 'accept-language': lang, cookie },
    payload,
  });
}

/**
 * The exam of `SPOKEN_QUESTIONS` assigned to both students of a school; `student(i)` starts,
 * records, answers and submits as the i-th.
 */
export async function buildSpokenScene(app: App, db: Db, registry: SchemaRegistry) {
  const author = await signIn(app, await buildUser(db, { role: 'com.ltm.roles.author' }));
  const scene = await buildDeliveryScene(app, db, registry, { questions: SPOKEN_QUESTIONS });
  const assigned = await assign(app, author, scene.exam.id, { ...SPOKEN_WINDOW, school_ids: [scene.school.id] });
  if (assigned.statusCode !== 200) throw new Error(assigned.body);
  const rows = await db
    .selectFrom('student_exams')
    .select(['id', 'student_id'])
    .where('exam_id', '=', scene.exam.id)
    .orderBy('student_id')
    .execute();
  const cookies = [scene.studentCookie, await signInStudent(app, db, rows[1].student_id)];
  const [spoken, trueFalse, paragraph] = scene.questions;
  const student = (i: number) => {
    const base = `/api/student/exams/${rows[i].id}`;
    const cookie = cookies[i];
    let seq = 0;
    return {
      cookie,
      assignmentId: rows[i].id,
      start: () => call(app, 'POST', `${base}/start`, undefined, { cookie }),
      submit: () => call(app, 'POST', `${base}/submit`, undefined, { cookie }),
      record: (questionId = spoken.id, content = wav()) =>
        uploadAs(app, cookie, `exams/questions/${questionId}/audio_responses`, { name: 'answer.wav', content }),
      answer: (media: string, questionId = spoken.id) =>
        call(
          app,
          'PUT',
          `${base}/answers`,
          { answers: [{ question_id: questionId, answer: { media, duration_seconds: 4 }, seq: ++seq }] },
          { cookie },
        ),
    };
  };
  return { ...scene, author, student, q: { spoken, trueFalse, paragraph } };
}
