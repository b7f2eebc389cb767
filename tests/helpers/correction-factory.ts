import type { SchemaRegistry } from '../../schemas/index';
import type { App } from '../../src/server/app';
import type { Db } from '../../src/server/db/database';
import { call } from './api-client';
import { assign, buildDeliveryScene, signInStudent } from './delivery-factory';
import { buildUser, signIn } from './factories';
import { multipartBody, wav } from './media-fixtures';
import { studentBatch } from './student-answers';
import { bothNames } from './student-names';

/** Essay (mark 4), spoken answer (4), true/false (4) and a paragraph with an essay and a true/false child (3 + 2). */
export const CORRECTION_QUESTIONS = [
  { kind: 'essay', key: { max_words: 50 } },
  { kind: 'audio_response', key: { max_duration_seconds: 60 } },
  { kind: 'true_false', key: { correct: true } },
  {
    kind: 'paragraph',
    key: {
      passage: '<p>Read the passage.</p>',
      children: [
        {
          id: 'w1',
          kind: 'essay',
          text: '<p>Sum it up.</p>',
          mark: 3,
          mark_option: 'all_or_nothing',
          definition: { max_words: 30 },
        },
        {
          id: 't1',
          kind: 'true_false',
          text: '<p>True?</p>',
          mark: 2,
          mark_option: 'all_or_nothing',
          definition: { correct: true },
        },
      ],
    },
    overrides: { mark: 5 },
  },
];

export const WINDOW = { start_date_time: '2026-06-02 08:00:00', end_date_time: '2026-06-20 15:00:00' };

function upload(app: App, cookie: string, label: string) {
  const { payload, contentType } = multipartBody({ label }, { name: 'a.wav', content: wav() });
  return app.inject({
    method: 'POST',
    url: '/api/upload-media',
    headers: { 'content-type': contentType, 'x-requested-with': 'XMLHttpRequest', cookie },
    payload,
  });
}

/**
 * An exam of `CORRECTION_QUESTIONS` assigned to a school of `count` students, each of whom (but the
 * last `absent`) answers everything and submits: essays, a recording, true/false right.
 */
export async function buildCorrectionScene(
  app: App,
  db: Db,
  registry: SchemaRegistry,
  options: { count?: number; unsubmitted?: number; exam?: Record<string, unknown> } = {},
) {
  const count = options.count ?? 3;
  const scene = await buildDeliveryScene(app, db, registry, {
    questions: CORRECTION_QUESTIONS,
    exam: options.exam,
  });
  // buildDeliveryScene makes two students; make the rest in the same class.
  const students = [...scene.students];
  while (students.length < count)
    students.push(
      await db
        .insertInto('students')
        .values({
          school_id: scene.school.id,
          school_class_id: scene.schoolClass.id,
          grade_id: scene.students[0].grade_id,
          level_id: scene.students[0].level_id,
          ...bothNames(`Student ${students.length + 1} ${scene.school.id}`),
          gender: 'male',
          nationality: 'AE',
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
  const admin = await signIn(app, await buildUser(db, { role: 'com.ltm.roles.admin' }));
  const assigned = await assign(app, admin, scene.exam.id, { ...WINDOW, school_ids: [scene.school.id] });
  if (assigned.statusCode !== 200) throw new Error(assigned.body);
  const [essay, spoken, tf, paragraph] = scene.questions;
  const submitted = students.slice(0, count - (options.unsubmitted ?? 0));
  for (const [index, student] of submitted.entries()) {
    const cookie = index === 0 ? scene.studentCookie : await signInStudent(app, db, student.id);
    const row = await db
      .selectFrom('student_exams')
      .select('id')
      .where('exam_id', '=', scene.exam.id)
      .where('student_id', '=', student.id)
      .executeTakeFirstOrThrow();
    const base = `/api/student/exams/${row.id}`;
    const started = await call(app, 'POST', `${base}/start`, undefined, { cookie });
    if (started.statusCode !== 200) throw new Error(started.body);
    const media = (await upload(app, cookie, `exams/questions/${spoken.id}/audio_responses`)).json().data;
    // Written in the author's ids (w1, t1); the student sends their attempt's own.
    const answers = await studentBatch(db, row.id, [
      { question_id: essay.id, answer: { text: `My essay has exactly six words ${index}` }, seq: 1 },
      {
        question_id: spoken.id,
        answer: { media: media.path ?? `media/${media.file_name}`, duration_seconds: 4 },
        seq: 1,
      },
      { question_id: tf.id, answer: { value: true }, seq: 1 },
      {
        question_id: paragraph.id,
        answer: { children: { w1: { text: 'Short summary' }, t1: { value: false } } },
        seq: 1,
      },
    ]);
    const saved = await call(app, 'PUT', `${base}/answers`, { answers }, { cookie });
    if (saved.statusCode !== 200) throw new Error(saved.body);
    const done = await call(app, 'POST', `${base}/submit`, undefined, { cookie });
    if (done.statusCode !== 200) throw new Error(done.body);
  }
  return { ...scene, students, admin, q: { essay, spoken, tf, paragraph } };
}
