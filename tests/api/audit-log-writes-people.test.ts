import { afterAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/common/permissions';
import { auditRows, expectNoSecrets, expectOneRow } from '../helpers/audit-rows';
import { admin, as, people, scene, t, unnamedSummaryKeys, useAuditLogApp } from './audit-log-app';

/** The audit log's rows of marks, of accounts, and of student data read and downloaded (audit-log-app.ts). */
useAuditLogApp();
// Every summary these tests write is named in both languages too: the last test of
// audit-log-writes-exams.test.ts, over this file's rows, before the app closes.
afterAll(async () => expect([...(await unnamedSummaryKeys(t.db)).unnamed].sort()).toEqual([]));

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
