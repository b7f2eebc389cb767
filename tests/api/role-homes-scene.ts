import { expect } from 'vitest';
import { ROLES } from '../../src/common/permissions';
import { t } from '../helpers/exam-day-app';
import type { ExamDayScene } from '../helpers/exam-day-scene';
import { buildUser, signIn } from '../helpers/factories';

/** A corrector of that name, signed in. */
export const corrector = async (name: string) => signIn(t.app, await buildUser(t.db, { role: ROLES.corrector, name }));

/** Student `i` of the scene starts, and submits unless told. */
export async function sit(s: ExamDayScene, i: number, submit = true) {
  const attempt = (await s.student(i).as('POST', '/start')).json().data;
  await s.student(i).as('PUT', '/answers', {
    attempt_id: attempt.id,
    answers: [{ question_id: s.q.tf, answer: { value: true }, seq: 1 }],
  });
  if (submit) expect((await s.student(i).as('POST', '/submit')).statusCode).toBe(200);
}
