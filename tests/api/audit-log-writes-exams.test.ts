import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api-client';
import { auditRows, expectOneRow } from '../helpers/audit-rows';
import { bankQuestion, examBody } from '../helpers/exam-factory';
import { buildUser, signIn } from '../helpers/factories';
import { validBody } from '../helpers/resource-factory';
import { ROLES } from '../../src/common/permissions';
import { admin, author, people, registry, scene, t, unnamedSummaryKeys, useAuditLogApp } from './audit-log-app';

/** The audit log's rows of exams, their questions, bank questions and settings lists (audit-log-app.ts). */
useAuditLogApp();

async function examWithQuestion() {
  const exam = (await author('POST', '/api/exams', examBody(scene.lookups))).json().data;
  const question = (await author('POST', '/api/questions-bank', bankQuestion(scene.lookups))).json().data;
  const assigned = await author('POST', `/api/exams/${exam.id}/questions/assign`, { question_ids: [question.id] });
  expect(assigned.statusCode, assigned.body).toBe(200);
  return exam as { id: number; name_en: string };
}

describe('exams', () => {
  it('publish, unpublish, duplicate and delete: one row each, with the author, the exam and its before and after', async () => {
    const exam = await examWithQuestion();
    const published = await author('PUT', `/api/exams/${exam.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    const publish = await expectOneRow(t.db, 'exams.publish', `exams/${exam.id}`, {
      actorId: people.author.id,
      requestId: published.headers['x-request-id'] as string,
    });
    expect(publish.summary).toEqual({
      name_en: exam.name_en,
      before: { is_published: false },
      after: { is_published: true },
    });
    expect((await author('PUT', `/api/exams/${exam.id}/unpublish`)).statusCode).toBe(200);
    const unpublish = await expectOneRow(t.db, 'exams.unpublish', `exams/${exam.id}`, { actorId: people.author.id });
    expect(unpublish.summary).toMatchObject({ after: { is_published: false }, localizations_unpublished: [] });

    const copy = (await author('GET', `/api/exams/${exam.id}/duplicate`)).json().data;
    const duplicate = await expectOneRow(t.db, 'exams.duplicate', `exams/${exam.id}`, { actorId: people.author.id });
    expect(duplicate.summary).toEqual({ name_en: exam.name_en, copy: { id: copy.id, name_en: copy.name_en } });
    expect((await author('DELETE', `/api/exams/${copy.id}`)).statusCode).toBe(200);
    const removed = await expectOneRow(t.db, 'exams.delete', `exams/${copy.id}`, { actorId: people.author.id });
    expect(removed.summary).toMatchObject({ before: { name_en: copy.name_en, is_published: false } });
  });

  it('bulk routes write one row per exam they changed, none for an exam they refused', async () => {
    const ready = await examWithQuestion();
    const empty = (await author('POST', '/api/exams', examBody(scene.lookups))).json().data;
    const bulk = await author('POST', '/api/exams/bulk/publish', { exam_ids: [ready.id, empty.id] });
    expect(bulk.json().meta).toEqual({ succeeded: 1, failed: 1 });
    expect(await auditRows(t.db, 'exams.publish', `exams/${ready.id}`)).toHaveLength(1);
    expect(await auditRows(t.db, 'exams.publish', `exams/${empty.id}`)).toEqual([]);
    await author('POST', '/api/exams/bulk/unpublish', { exam_ids: [ready.id] });
    await author('POST', '/api/exams/bulk/delete', { exam_ids: [ready.id, empty.id] });
    for (const id of [ready.id, empty.id])
      await expectOneRow(t.db, 'exams.delete', `exams/${id}`, { actorId: people.author.id });
    expect(await auditRows(t.db, 'exams.unpublish', `exams/${ready.id}`)).toHaveLength(1);
  });

  it('localized exams: publish, unpublish and delete, one row each', async () => {
    const exam = await examWithQuestion();
    await author('PUT', `/api/exams/${exam.id}/publish`);
    const made = await author('POST', `/api/exams/${exam.id}/localizations`, { name: 'Emirates', countries: ['AE'] });
    const id = made.json().data.id as number;
    const target = `exam_localizations/${id}`;
    for (const action of ['publish', 'unpublish'] as const) {
      const response = await author('POST', `/api/exam-localizations/${action}`, { exam_localization_ids: [id] });
      expect(response.json().meta.succeeded, response.body).toBe(1);
      const row = await expectOneRow(t.db, `exam_localizations.${action}`, target, { actorId: people.author.id });
      expect(row.summary).toEqual({
        name: 'Emirates',
        exam_id: exam.id,
        before: { is_published: action === 'unpublish' },
        after: { is_published: action === 'publish' },
      });
    }
    await author('DELETE', '/api/exam-localizations', { exam_localization_ids: [id] });
    const row = await expectOneRow(t.db, 'exam_localizations.delete', target, { actorId: people.author.id });
    expect(row.summary).toEqual({
      before: { name: 'Emirates', exam_id: exam.id, countries: ['AE'], is_published: false },
    });
  });
});

describe('exams, bank questions and settings lists as they are written (issue 39)', () => {
  it('audits creating and editing an exam, a bank question and a settings record, with what changed', async () => {
    const created = await author('POST', '/api/exams', examBody(scene.lookups));
    expect(created.statusCode, created.body).toBe(201);
    const exam = created.json().data;
    const create = await expectOneRow(t.db, 'exams.create', `exams/${exam.id}`, { actorId: people.author.id });
    expect(create.summary).toMatchObject({ before: null, after: { name_en: exam.name_en } });
    const edited = await author('PUT', `/api/exams/${exam.id}`, {
      ...examBody(scene.lookups),
      name_en: 'Renamed exam',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const update = await expectOneRow(t.db, 'exams.update', `exams/${exam.id}`, { actorId: people.author.id });
    expect(update.summary).toEqual({ before: { name_en: exam.name_en }, after: { name_en: 'Renamed exam' } });

    const question = (await author('POST', '/api/questions-bank', bankQuestion(scene.lookups))).json().data;
    await expectOneRow(t.db, 'questions-bank.create', `questions-bank/${question.id}`, { actorId: people.author.id });
    const removed = await author('DELETE', `/api/questions-bank/${question.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const deleted = await expectOneRow(t.db, 'questions-bank.delete', `questions-bank/${question.id}`, {
      actorId: people.author.id,
    });
    expect(deleted.summary).toMatchObject({ after: null, before: { text: expect.any(String) } });

    const grade = await admin(
      'POST',
      '/api/grades',
      await validBody(t.db, registry, registry.get('grades')!, scene.lookups.platform),
    );
    expect(grade.statusCode, grade.body).toBe(201);
    await expectOneRow(t.db, 'grades.create', `grades/${grade.json().data.id}`, { actorId: people.admin.id });
    // A refused write writes no row.
    const refused = await author('PUT', `/api/exams/${exam.id}`, { ...examBody(scene.lookups), name_en: '' });
    expect(refused.statusCode).toBe(422);
    expect(await auditRows(t.db, 'exams.update', `exams/${exam.id}`)).toHaveLength(1);
  });

  it("audits an exam's questions: added from the bank, written in place, edited, reordered and removed", async () => {
    const exam = (await author('POST', '/api/exams', examBody(scene.lookups))).json().data;
    const target = `exams/${exam.id}`;
    const bank = (await author('POST', '/api/questions-bank', bankQuestion(scene.lookups))).json().data;
    const assigned = await author('POST', `/api/exams/${exam.id}/questions/assign`, { question_ids: [bank.id] });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const copy = assigned.json().data[0].id;
    const assign = await expectOneRow(t.db, 'exam_questions.assign', target, { actorId: people.author.id });
    expect(assign.summary).toEqual({ bank_question_ids: [bank.id], exam_question_ids: [copy] });

    const written = await author('POST', `/api/exams/${exam.id}/questions`, {
      ...bankQuestion(scene.lookups),
      text: 'Written in the exam',
    });
    expect(written.statusCode, written.body).toBe(201);
    const own = written.json().data.id;
    const create = await expectOneRow(t.db, 'exam_questions.create', target, { actorId: people.author.id });
    expect(create.summary).toMatchObject({
      exam_question_id: own,
      before: null,
      after: { text: 'Written in the exam' },
    });

    const edited = await author('PUT', `/api/exams/${exam.id}/questions/${own}`, {
      ...bankQuestion(scene.lookups),
      text: 'Edited in the exam',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const update = await expectOneRow(t.db, 'exam_questions.update', target, { actorId: people.author.id });
    expect(update.summary).toEqual({
      exam_question_id: own,
      before: { text: 'Written in the exam' },
      after: { text: 'Edited in the exam' },
    });

    const reordered = await author('PUT', `/api/exams/${exam.id}/questions/reorder`, { question_ids: [own, copy] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    const reorder = await expectOneRow(t.db, 'exam_questions.reorder', target, { actorId: people.author.id });
    expect(reorder.summary).toEqual({ before: [copy, own], after: [own, copy] });

    const removed = await author('DELETE', `/api/exams/${exam.id}/questions/${copy}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const remove = await expectOneRow(t.db, 'exam_questions.delete', target, { actorId: people.author.id });
    expect(remove.summary).toMatchObject({ exam_question_id: copy, after: null, before: { text: bank.text } });

    // A refused change writes no row; the log names each action in both languages.
    const refused = await author('PUT', `/api/exams/${exam.id}/questions/reorder`, { question_ids: [own, copy] });
    expect(refused.statusCode).toBe(422);
    expect(await auditRows(t.db, 'exam_questions.reorder', target)).toHaveLength(1);
    for (const lang of ['en', 'ar'] as const) {
      const log = await call(t.app, 'GET', `/api/audit-log/export?filter[action]=exam_questions.update`, undefined, {
        cookie: people.admin.cookie,
        lang,
      });
      expect(log.body).toContain(lang === 'en' ? "Exam's question edited" : 'تعديل سؤال في اختبار');
    }
  });

  it('keeps who did it as they were, and audits renaming oneself', async () => {
    const user = await buildUser(t.db, { role: ROLES.author, name: 'Old Name' });
    const cookie = await signIn(t.app, user);
    const exam = (await call(t.app, 'POST', '/api/exams', examBody(scene.lookups), { cookie })).json().data;
    const renamed = await call(t.app, 'PUT', '/api/user/change/information', { name: 'New Name' }, { cookie });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const rename = await expectOneRow(t.db, 'users.rename', `users/${user.id}`, { actorId: user.id });
    expect(rename.summary).toEqual({ before: { name: 'Old Name' }, after: { name: 'New Name' } });
    const log = (await admin('GET', `/api/audit-log?filter[user_id]=${user.id}&order=asc`)).json().data;
    // The log shows the name and e-mail the account had when it acted.
    expect(
      log.map((row: { action: string; actor: { name: string; email: string } }) => [row.action, row.actor]),
    ).toEqual([
      ['exams.create', { id: user.id, name: 'Old Name', email: user.email }],
      ['users.rename', { id: user.id, name: 'Old Name', email: user.email }],
    ]);
    const stored = await t.db
      .selectFrom('audit_log')
      .select(['actor_name', 'actor_email'])
      .where('target', '=', `exams/${exam.id}`)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ actor_name: 'Old Name', actor_email: user.email });
  });
});

describe("every row's summary in the reader's words", () => {
  it('names each key of every summary written above in both languages (issue 41: no raw key reaches the log)', async () => {
    const { rows, unnamed } = await unnamedSummaryKeys(t.db);
    expect(rows.length).toBeGreaterThan(20);
    expect([...unnamed].sort()).toEqual([]);
  });
});
