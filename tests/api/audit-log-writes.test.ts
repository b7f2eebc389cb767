import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../schemas/index';
import { ROLES } from '../../src/common/permissions';
import { ManualClock } from '../../src/server/clock';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { call } from '../helpers/api-client';
import { auditRows, expectNoSecrets, expectOneRow } from '../helpers/audit-rows';
import { buildCorrectionScene } from '../helpers/correction-factory';
import { bankQuestion, examBody } from '../helpers/exam-factory';
import { buildUser, signIn } from '../helpers/factories';
import { validBody } from '../helpers/resource-factory';
import { createTestApp, type TestContext } from '../helpers/test-app';
import { catalogs } from '../../locales';
import { auditKeyLabel } from '../../src/client/audit-log/summaryParts';

/**
 * Issue 26, "Audit log": every consequential action writes its row (who, from where, on what,
 * which school, a short before and after, in which request), and only when it succeeds.
 */
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
let t: TestContext;
let registry: SchemaRegistry;
let scene: Awaited<ReturnType<typeof buildCorrectionScene>>;
const people = {} as Record<'admin' | 'author' | 'corrector', { id: number; cookie: string }>;

beforeAll(async () => {
  t = await createTestApp({}, clock);
  registry = await loadSchemaRegistry();
  for (const [key, role] of [
    ['admin', ROLES.admin],
    ['author', ROLES.author],
    ['corrector', ROLES.corrector],
  ] as const) {
    const user = await buildUser(t.db, { role, name: `The ${key}` });
    people[key] = { id: user.id, cookie: await signIn(t.app, user) };
  }
  scene = await buildCorrectionScene(t.app, t.db, registry, { count: 2 });
}, 120_000);
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (who: keyof typeof people) => (method: Method, url: string, body?: unknown) =>
  call(t.app, method, url, body, { cookie: people[who].cookie });
const author = as('author');
const admin = as('admin');

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

describe('correction saves', () => {
  const save = (student: number, version: number, corrections: Record<string, unknown>[]) =>
    as('corrector')('POST', '/api/exams/submit/correction', {
      exam_id: scene.exam.id,
      student_id: scene.students[student].id,
      version,
      corrections: corrections.map((c) => ({ part: '', comment: null, reason: null, ...c })),
    });
  const attemptOf = (student: number) =>
    t.db
      .selectFrom('exam_attempts as a')
      .innerJoin('student_exams as se', 'se.id', 'a.student_exam_id')
      .select(['a.id', 'se.school_id'])
      .where('se.exam_id', '=', scene.exam.id)
      .where('se.student_id', '=', scene.students[student].id)
      .executeTakeFirstOrThrow();

  it('every save writes one row on the attempt, filed under the assignment’s school, with the marks changed', async () => {
    const attempt = await attemptOf(0);
    const target = `exam_attempts/${attempt.id}`;
    const first = await save(0, 0, [{ question_id: scene.q.essay.id, mark: 3 }]);
    expect(first.statusCode, first.body).toBe(200);
    const row = await expectOneRow(t.db, 'corrections.save', target, {
      actorId: people.corrector.id,
      schoolId: attempt.school_id,
    });
    expect(attempt.school_id).toBe(scene.school.id);
    expect(row.summary).toEqual({
      exam_id: scene.exam.id,
      slot: expect.any(Number),
      version: 0,
      changes: [{ question_id: scene.q.essay.id, part: '', old_mark: null, new_mark: 3 }],
    });

    const second = await save(0, 1, [
      { question_id: scene.q.essay.id, mark: 2, comment: 'Too short' },
      { question_id: scene.q.tf.id, mark: 0, reason: 'Answer copied' },
      { question_id: scene.q.paragraph.id, part: 'w1', mark: 1 },
    ]);
    expect(second.statusCode, second.body).toBe(200);
    const [, latest] = await auditRows(t.db, 'corrections.save', target);
    expect(latest.reason).toBe('Answer copied');
    expect(latest.summary.changes).toEqual([
      { question_id: scene.q.essay.id, part: '', old_mark: 3, new_mark: 2, comment_changed: true },
      { question_id: scene.q.tf.id, part: '', old_mark: null, new_mark: 0, reason: 'Answer copied' },
      { question_id: scene.q.paragraph.id, part: 'w1', old_mark: null, new_mark: 1 },
    ]);
    // The correction audit of marks is fed by the same save.
    const marks = await t.db.selectFrom('correction_audit').select('id').where('attempt_id', '=', attempt.id).execute();
    expect(marks).toHaveLength(4);
  });

  it('a refused save (an older version) writes nothing', async () => {
    const attempt = await attemptOf(0);
    const before = await auditRows(t.db, 'corrections.save', `exam_attempts/${attempt.id}`);
    expect((await save(0, 0, [{ question_id: scene.q.essay.id, mark: 4 }])).statusCode).toBe(409);
    expect(await auditRows(t.db, 'corrections.save', `exam_attempts/${attempt.id}`)).toEqual(before);
  });
});

describe('users, roles and passwords', () => {
  it('creating, editing, giving and taking a role, setting a password and deleting: one row each, no secret', async () => {
    const password = 'Strong-pass-1';
    const body = { name: 'Rania', email: 'rania.audit@example.test', password, password_confirmation: password };
    const created = await admin('POST', '/api/users', {
      ...body,
      roles: [ROLES.author],
      school_ids: [scene.school.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const target = `users/${id}`;
    const hash = async () =>
      (await t.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow())
        .password_hash;
    const create = await expectOneRow(t.db, 'users.create', target, { actorId: people.admin.id });
    expect(create.summary).toEqual({
      after: {
        name: 'Rania',
        email: body.email,
        is_active: true,
        roles: [ROLES.author],
        school_ids: [scene.school.id],
      },
    });
    expectNoSecrets(create, password, await hash());

    await admin('PUT', `/api/users/${id}`, { name: 'Rania K.', email: body.email, is_active: false });
    const update = await expectOneRow(t.db, 'users.update', target, { actorId: people.admin.id });
    expect(update.summary).toEqual({
      before: { name: 'Rania', is_active: true },
      after: { name: 'Rania K.', is_active: false },
    });

    expect((await admin('POST', `/api/users/${id}/assign/role`, { role: ROLES.corrector })).statusCode).toBe(200);
    const given = await expectOneRow(t.db, 'roles.assign', target, { actorId: people.admin.id });
    expect(given.summary).toEqual({
      role: ROLES.corrector,
      before: [ROLES.author],
      after: [ROLES.author, ROLES.corrector].sort(),
    });
    expect((await admin('POST', `/api/users/${id}/remove/role`, { role: ROLES.author })).statusCode).toBe(200);
    const taken = await expectOneRow(t.db, 'roles.remove', target, { actorId: people.admin.id });
    expect(taken.summary).toMatchObject({ role: ROLES.author, after: [ROLES.corrector] });

    const next = 'Another-pass-2';
    const set = await admin('PUT', `/api/users/${id}/change/password`, { password: next, password_confirmation: next });
    expect(set.statusCode, set.body).toBe(200);
    const row = await expectOneRow(t.db, 'users.set_password', target, { actorId: people.admin.id });
    expectNoSecrets(row, next, password, await hash());

    expect((await admin('DELETE', `/api/users/${id}`)).statusCode).toBe(200);
    const removed = await expectOneRow(t.db, 'users.delete', target, { actorId: people.admin.id });
    expect(removed.summary).toEqual({ before: { name: 'Rania K.', email: body.email, roles: [ROLES.corrector] } });
  });

  it('a refused change (an admin removing their own admin role) writes nothing', async () => {
    const response = await admin('POST', `/api/users/${people.admin.id}/remove/role`, { role: ROLES.admin });
    expect(response.statusCode).toBe(418);
    expect(await auditRows(t.db, 'roles.remove', `users/${people.admin.id}`)).toEqual([]);
  });
});

describe('reports and downloads of student data', () => {
  it('generation requests, report downloads and views, and the exports are each audited with their school', async () => {
    // Every attempt corrected, so the school's reports may be made.
    for (const student of [0, 1]) {
      const sheet = await t.db
        .selectFrom('correction_sheets as cs')
        .innerJoin('exam_attempts as a', 'a.id', 'cs.attempt_id')
        .innerJoin('student_exams as se', 'se.id', 'a.student_exam_id')
        .select('cs.version')
        .where('se.student_id', '=', scene.students[student].id)
        .executeTakeFirst();
      const corrected = await as('corrector')('POST', '/api/exams/submit/correction', {
        exam_id: scene.exam.id,
        student_id: scene.students[student].id,
        version: sheet?.version ?? 0,
        corrections: [scene.q.essay, scene.q.spoken]
          .map((q) => ({ question_id: q.id, part: '', mark: 2 }))
          .concat({
            question_id: scene.q.paragraph.id,
            part: 'w1',
            mark: 2,
          }),
      });
      expect(corrected.statusCode, corrected.body).toBe(200);
    }
    const school = scene.school.id;
    const queued = await admin('POST', '/api/schools/reports', { school_id: school, correction_status_ids: [3] });
    expect(queued.statusCode, queued.body).toBe(200);
    const generate = await expectOneRow(t.db, 'reports.generate', `schools/${school}`, {
      actorId: people.admin.id,
      schoolId: school,
    });
    expect(generate.summary).toMatchObject({
      level: 'school',
      reports: queued.json().data.report_ids.length,
      school_reports_only: false,
    });

    const now = await admin('POST', '/api/schools/generate/exams/report', { school_id: school, language: 'en' });
    expect(now.statusCode, now.body).toBe(200);
    expect(await auditRows(t.db, 'reports.generate', `schools/${school}`)).toHaveLength(2);
    const reportId = now.json().data.report_ids.at(-1) as number;
    expect((await admin('GET', `/api/reports/${reportId}/view-pdf?lang=en`)).statusCode).toBe(200);
    const viewed = await expectOneRow(t.db, 'reports.download', `reports/${reportId}`, {
      actorId: people.admin.id,
      schoolId: school,
    });
    expect(viewed.summary).toMatchObject({ language: 'en', inline: true });
    const downloaded = await admin('POST', '/api/reports/download', { language: 'en', report_ids: [reportId] });
    expect(downloaded.statusCode).toBe(200);
    const [, saved] = await auditRows(t.db, 'reports.download', `reports/${reportId}`);
    expect(saved).toMatchObject({ school_id: school, summary: { inline: false, in_download: 1 } });

    expect((await admin('GET', `/api/exams/${scene.exam.id}/results/export?format=csv`)).statusCode).toBe(200);
    const results = await expectOneRow(t.db, 'exams.results_export', `exams/${scene.exam.id}`, {
      actorId: people.admin.id,
    });
    expect(results.summary).toEqual({ format: 'csv', lang: 'en', schools: 'all' });
    expect((await admin('GET', `/api/students/export?format=xlsx&school_id=${school}`)).statusCode).toBe(200);
    const students = await expectOneRow(t.db, 'students.export', `schools/${school}`, {
      actorId: people.admin.id,
      schoolId: school,
    });
    expect(students.summary).toMatchObject({ format: 'xlsx' });
  }, 60_000);
});

describe("every row's summary in the reader's words", () => {
  it('names each key of every summary written above in both languages (issue 41: no raw key reaches the log)', async () => {
    const rows = await t.db.selectFrom('audit_log').select(['action', 'summary']).execute();
    expect(rows.length).toBeGreaterThan(20);
    const keysOf = (value: unknown): string[] =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
            key === 'before' || key === 'after' ? keysOf(inner) : [key, ...keysOf(inner)],
          )
        : [];
    const unnamed = new Set<string>();
    for (const language of ['en', 'ar'] as const) {
      // The console's own labelling over the catalog, as polyglot does it: a missing key gives its
      // default, and the last default is the bare key with spaces.
      const translate = (key: string, options?: Record<string, unknown>) =>
        (key
          .split('.')
          .reduce<unknown>(
            (node, part) => (node as Record<string, unknown> | undefined)?.[part],
            catalogs[language],
          ) as string | undefined) ?? String(options?._);
      for (const row of rows) {
        const summary = (typeof row.summary === 'string' ? JSON.parse(row.summary) : row.summary) as Record<
          string,
          unknown
        >;
        for (const key of keysOf(summary))
          if (
            !/(^|_)ids?\]?$/.test(key) &&
            auditKeyLabel(key, row.action, translate) === key.replace(/^filter\[(.+)\]$/, '$1').replace(/_/g, ' ')
          )
            unnamed.add(`${language} ${key} (${row.action})`);
      }
    }
    expect([...unnamed].sort()).toEqual([]);
  });
});
