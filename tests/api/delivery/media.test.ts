import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../src/common/permissions';
import { call } from '../../helpers/api-client';
import { assign, buildDeliveryScene, signInStudent } from '../../helpers/delivery-factory';
import { buildUser, signIn } from '../../helpers/factories';
import { multipartBody, PNG_1X1, wav } from '../../helpers/media-fixtures';
import { author, clock, registry, t, useStudentExamApp } from './student-exam-scene';

/** Spoken answers and exam media in delivery: who may upload, reference and read them. */
useStudentExamApp();

function upload(cookie: string, label: string, file: { name: string; content: Buffer }) {
  const { payload, contentType } = multipartBody({ label }, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload-media',
    headers: { 'content-type': contentType, 'x-requested-with': 'XMLHttpRequest', cookie },
    payload,
  });
}
const read = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('media in delivery', () => {
  it("takes a student's own recording as a spoken answer, shows it to correctors, and to no other student", async () => {
    const image = (await upload(author, 'questions/media', { name: 'p.png', content: PNG_1X1 })).json().data;
    const scene = await buildDeliveryScene(t.app, t.db, registry, {
      questions: [
        { kind: 'audio_response', key: { max_duration_seconds: 60 } },
        {
          kind: 'true_false',
          key: { correct: true },
          overrides: { media_type: 'image', media: image.path ?? `media/${image.file_name}` },
        },
      ],
    });
    await assign(t.app, author, scene.exam.id, {
      start_date_time: '2026-06-02 08:00:00',
      end_date_time: '2026-06-20 15:00:00',
      school_ids: [scene.school.id],
    });
    const [assignment, otherAssignment] = await t.db
      .selectFrom('student_exams')
      .select(['id', 'student_id'])
      .where('exam_id', '=', scene.exam.id)
      .orderBy('student_id')
      .execute();
    const other = await signInStudent(t.app, t.db, otherAssignment.student_id);
    const [spoken, pictured] = scene.questions;
    const label = `exams/questions/${spoken.id}/audio_responses`;
    const base = `/api/student/exams/${assignment.id}`;
    // Spoken answers are recorded during a running attempt (issue 23): both students start.
    const start = await call(t.app, 'POST', `${base}/start`, undefined, { cookie: scene.studentCookie });
    expect(start.statusCode, start.body).toBe(200);
    const otherStart = await call(t.app, 'POST', `/api/student/exams/${otherAssignment.id}/start`, undefined, {
      cookie: other,
    });
    expect(otherStart.statusCode).toBe(200);
    const mine = (await upload(scene.studentCookie, label, { name: 'a.wav', content: wav() })).json().data;
    const theirs = (await upload(other, label, { name: 'b.wav', content: wav() })).json().data;
    const answer = (media: string) => ({
      answers: [{ question_id: spoken.id, answer: { media, duration_seconds: 4 }, seq: 1 }],
    });
    const stolen = await call(t.app, 'PUT', `${base}/answers`, answer(theirs.path ?? `media/${theirs.file_name}`), {
      cookie: scene.studentCookie,
    });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().errors).toEqual({
      [`answers.${spoken.id}`]: ['The recording must be one you uploaded for this exam.'],
    });
    const own = await call(t.app, 'PUT', `${base}/answers`, answer(mine.path ?? `media/${mine.file_name}`), {
      cookie: scene.studentCookie,
    });
    expect(own.statusCode, own.body).toBe(200);

    const corrector = await signIn(t.app, await buildUser(t.db, { role: ROLES.corrector }));
    expect((await read(scene.studentCookie, mine.preview_url)).statusCode).toBe(200);
    expect((await read(corrector, mine.preview_url)).statusCode).toBe(200);
    expect((await read(other, mine.preview_url)).statusCode).toBe(404);

    // The question's picture: for the students it is assigned to, not for others.
    const pictureUrl = start.json().data.questions.find((q: { id: number }) => q.id === pictured.id).media_url;
    expect((await read(scene.studentCookie, pictureUrl)).statusCode).toBe(200);
    const stranger = await signIn(t.app, await buildUser(t.db, { role: ROLES.student }));
    expect((await read(stranger, pictureUrl)).statusCode).toBe(404);
  });

  it("keeps an exam's media from its students until the exam's window opens", async () => {
    const image = (await upload(author, 'questions/media', { name: 'q.png', content: PNG_1X1 })).json().data;
    const scene = await buildDeliveryScene(t.app, t.db, registry, {
      questions: [
        {
          kind: 'true_false',
          key: { correct: true },
          overrides: { media_type: 'image', media: image.path ?? `media/${image.file_name}` },
        },
      ],
    });
    await assign(t.app, author, scene.exam.id, {
      start_date_time: '2026-06-10 08:00:00',
      end_date_time: '2026-06-20 15:00:00',
      student_ids: [scene.students[0].id],
    });
    try {
      clock.set('2026-06-10T07:59:00Z');
      expect((await read(scene.studentCookie, image.preview_url)).statusCode).toBe(404);
      clock.set('2026-06-10T08:00:00Z');
      expect((await read(scene.studentCookie, image.preview_url)).statusCode).toBe(200);
      clock.set('2026-06-25T08:00:00Z');
      expect((await read(scene.studentCookie, image.preview_url)).statusCode).toBe(200);
    } finally {
      clock.set('2026-06-05T09:00:00Z');
    }
  });
});
