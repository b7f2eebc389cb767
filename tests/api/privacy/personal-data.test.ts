import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../../schemas/index';
import { ROLES } from '../../../src/common/permissions';
import { ManualClock } from '../../../src/server/clock';
import { installAuditLogFunctions } from '../../../src/server/db/audit-log-functions';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { call } from '../../helpers/api-client';
import { buildCorrectionScene } from '../../helpers/correction-factory';
import { buildUser, signIn, TEST_PASSWORD } from '../../helpers/factories';
import { signInSchoolStaff } from '../../helpers/report-factory';
import { buildSpokenScene } from '../../helpers/spoken-scene';
import { createTestApp, type TestContext } from '../../helpers/test-app';
import { linkElsewhere, SUBJECTS } from '../../helpers/linked-elsewhere';

/**
 * Issue 45, a student's data as the law expects: everything held on one student comes out as a ZIP
 * (theirs alone), and their erasure leaves nothing that names them (record, account, answers,
 * comments, recordings, audit rows) while the item analysis computed again is the same.
 */
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
let t: TestContext;
let registry: SchemaRegistry;
let admin: string;
let corrector: string;
let scene: Awaited<ReturnType<typeof buildCorrectionScene>>;

beforeAll(async () => {
  t = await createTestApp({}, clock);
  registry = await loadSchemaRegistry();
  admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
  corrector = await signIn(t.app, await buildUser(t.db, { role: ROLES.corrector }));
  scene = await buildCorrectionScene(t.app, t.db, registry, { count: 3 });
  for (const [index, student] of scene.students.entries()) {
    const saved = await call(
      t.app,
      'POST',
      '/api/exams/submit/correction',
      {
        exam_id: scene.exam.id,
        student_id: student.id,
        version: 0,
        corrections: [
          { question_id: scene.q.essay.id, mark: 1 + index, comment: `Well argued, ${student.name_en}` },
          { question_id: scene.q.spoken.id, mark: 3 - index, comment: null },
          { question_id: scene.q.paragraph.id, part: 'w1', mark: index },
        ],
      },
      { cookie: corrector },
    );
    expect(saved.statusCode, saved.body).toBe(200);
  }
  await t.db
    .updateTable('students')
    .set({ national_id: 'NID-7788-1234', date_of_birth: '2015-03-04', extra_time_reason: 'Dyslexia assessment 2025' })
    .where('id', '=', scene.students[0].id)
    .execute();
  await linkElsewhere(t, admin, scene.students[0].id, scene.exam.id);
}, 180_000);
afterAll(() => t.close());

const exportOf = (id: number, cookie = admin) =>
  t.app.inject({
    method: 'GET',
    url: `/api/students/${id}/personal-data`,
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
  });
const erase = (id: number, body: unknown = { reason: 'Parent asked for erasure' }, lang: 'en' | 'ar' = 'en') =>
  call(t.app, 'POST', `/api/students/${id}/erase`, body, { cookie: admin, lang });

const texts = (zip: Record<string, Uint8Array>) =>
  Object.entries(zip)
    .filter(([name]) => name.endsWith('.json'))
    .map(([, data]) => Buffer.from(data).toString('utf8'))
    .join('\n');

/** What names a student: their record's and their account's identifying values. */
async function identityOf(studentId: number): Promise<string[]> {
  const row = await t.db
    .selectFrom('students as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .select(['s.student_number', 's.name_en', 's.name_ar', 's.national_id', 'u.email', 'u.username'])
    .where('s.id', '=', studentId)
    .executeTakeFirstOrThrow();
  return Object.values(row).filter((value): value is string => typeof value === 'string' && value.length >= 3);
}

/** Every text the audit log keeps, as one string. */
async function auditText(): Promise<string> {
  const rows = await t.db.selectFrom('audit_log').select(['summary', 'reason', 'actor_name', 'actor_email']).execute();
  return rows.map((row) => JSON.stringify(row)).join('\n');
}

/** A staff member edits a student's record: the audit log keeps who they were and what changed. */
async function editStudent(id: number, changes: Record<string, unknown>) {
  const current = (await call(t.app, 'GET', `/api/students/${id}`, undefined, { cookie: admin })).json().data;
  const edited = await call(t.app, 'PUT', `/api/students/${id}`, { ...current, ...changes }, { cookie: admin });
  expect(edited.statusCode, edited.body).toBe(200);
}

describe("a student's personal data, exported", () => {
  it('holds their record, account, answers, marks with comments, recordings and audit rows, and no one else’s', async () => {
    const [me, other] = scene.students;
    // Something about them in the audit log: a staff member edits their record.
    await editStudent(me.id, { gender: 'female', name_ar: 'ليلى الجديدة' });
    const response = await exportOf(me.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="personal-data-student-${me.id}.zip"`);
    const zip = unzipSync(new Uint8Array(response.rawPayload));
    const read = (name: string) => JSON.parse(Buffer.from(zip[name]).toString('utf8'));
    const manifest = read('manifest.json');
    expect(manifest.files).toEqual([
      'student.json',
      'account.json',
      'exams.json',
      'results.json',
      'reports.json',
      'audit.json',
    ]);
    expect(manifest.missing).toEqual([]);
    expect(read('student.json')).toMatchObject({
      id: me.id,
      name_en: me.name_en,
      national_id: 'NID-7788-1234',
      extra_time_reason: 'Dyslexia assessment 2025',
    });
    const account = read('account.json');
    expect(account.email).toMatch(/@example\.test$/);
    expect(account.linked_sign_ins).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'sso', provider_en: 'Ministry ID', subject: SUBJECTS.sso }),
        expect.objectContaining({ kind: 'lti', provider_ar: 'مودل المدرسة', subject: SUBJECTS.lti }),
      ]),
    );
    expect(account.linked_sign_ins).toHaveLength(2);
    expect(account).not.toHaveProperty('password_hash');
    expect(account).not.toHaveProperty('work_key');
    const [assignment] = read('exams.json');
    const [attempt] = assignment.attempts;
    expect(attempt.answers.find((a: { question_id: number }) => a.question_id === scene.q.essay.id).answer).toEqual({
      text: 'My essay has exactly six words 0',
    });
    expect(attempt.marks.find((m: { question_id: number }) => m.question_id === scene.q.essay.id)).toMatchObject({
      mark: '1.00',
      comment: `Well argued, ${me.name_en}`,
    });
    // Who marked is the marker's data, not the student's.
    expect(JSON.stringify(attempt.marks)).not.toContain('marker');
    expect(read('audit.json').map((row: { action: string }) => row.action)).toContain('students.update');
    // Their recording, as stored.
    expect(manifest.recordings).toHaveLength(1);
    const owner = await t.db.selectFrom('students').select('user_id').where('id', '=', me.id).executeTakeFirstOrThrow();
    const stored = await t.db.selectFrom('media').select('file_name').where('owner_id', '=', owner.user_id).execute();
    expect(manifest.recordings).toEqual(stored.map((row) => `recordings/${row.file_name}`));
    const recording = zip[`recordings/${stored[0].file_name}`];
    expect(Buffer.from(recording.subarray(0, 4)).toString()).toBe('RIFF');
    expect(recording.byteLength).toBe(await t.app.fileStore.size(`media/${stored[0].file_name}`));
    // Nothing of the other students.
    for (const value of [...(await identityOf(other.id)), ...(await identityOf(scene.students[2].id))])
      expect(texts(zip)).not.toContain(value);
    const logged = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'school_id'])
      .where('action', '=', 'students.export_personal_data')
      .where('target', '=', `students/${me.id}`)
      .execute();
    expect(logged).toHaveLength(1);
    expect(logged[0].school_id).toBe(scene.school.id);
  });

  it('is refused without a session (401), without the permission (403), outside the reader’s schools (404)', async () => {
    const [me] = scene.students;
    expect((await call(t.app, 'GET', `/api/students/${me.id}/personal-data`)).statusCode).toBe(401);
    expect((await exportOf(me.id, corrector)).statusCode).toBe(403);
    const elsewhere = await signInSchoolStaff(t, []);
    expect((await exportOf(me.id, elsewhere)).statusCode).toBe(404);
    expect((await exportOf(2_000_000_000)).statusCode).toBe(404);
    // The school's own staff serve their students' requests.
    const own = await signInSchoolStaff(t, [scene.school.id]);
    expect((await exportOf(me.id, own)).statusCode).toBe(200);
    // ...but erasing is an administrator's.
    const refused = await call(t.app, 'POST', `/api/students/${me.id}/erase`, { reason: 'Asked for' }, { cookie: own });
    expect(refused.statusCode).toBe(403);
    expect((await call(t.app, 'POST', `/api/students/${me.id}/erase`, { reason: 'Asked for' })).statusCode).toBe(401);
  });
});

describe("a student's personal data, erased", () => {
  it('refuses a missing or short reason in the reader’s language, changing nothing', async () => {
    const [, , third] = scene.students;
    const before = await identityOf(third.id);
    const en = await erase(third.id, {});
    expect(en.statusCode).toBe(422);
    expect(Object.keys(en.json().errors)).toEqual(['reason']);
    const ar = await erase(third.id, { reason: 'x' }, 'ar');
    expect(ar.statusCode).toBe(422);
    expect(ar.json().errors.reason[0]).toMatch(/[\u0600-\u06FF]/);
    expect(await identityOf(third.id)).toEqual(before);
  });

  it('leaves nothing that names them, and the item analysis computed again is the same', async () => {
    const [me, other] = scene.students;
    const identity = await identityOf(me.id);
    const otherIdentity = await identityOf(other.id);
    const user = await t.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where(
        'id',
        '=',
        (await t.db.selectFrom('students').select('user_id').where('id', '=', me.id).executeTakeFirstOrThrow())
          .user_id!,
      )
      .executeTakeFirstOrThrow();
    const analysis = async () => {
      const response = await call(t.app, 'GET', `/api/exams/${scene.exam.id}/item-analysis`, undefined, {
        cookie: admin,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    await editStudent(other.id, { name_en: `${other.name_en} Renamed` });
    const statisticsBefore = await analysis();
    const logBefore = await auditText();
    const othersLogged = otherIdentity.filter((value) => logBefore.includes(value));
    expect(othersLogged.length).toBeGreaterThan(0);
    const recordings = await t.db.selectFrom('media').select('file_name').where('owner_id', '=', user.id).execute();
    expect(recordings).toHaveLength(1);
    expect(await t.app.fileStore.size(`media/${recordings[0].file_name}`)).toBeGreaterThan(0);
    expect(identity.some((value) => value.includes('NID-7788'))).toBe(true);
    // Their name before a rename is in the audit log, as is the one they have now.
    expect(await auditText()).toContain(me.name_ar);
    expect(await auditText()).toContain('ليلى الجديدة');

    // An administrator unlinked one of their identities elsewhere: the audit log names it.
    const [sso] = (await call(t.app, 'GET', `/api/users/${user.id}/sign-ins`, undefined, { cookie: admin }))
      .json()
      .data.filter((link: { kind: string }) => link.kind === 'sso');
    expect(
      (await call(t.app, 'DELETE', `/api/users/${user.id}/sign-ins/sso/${sso.id}`, undefined, { cookie: admin }))
        .statusCode,
    ).toBe(200);
    expect(await auditText()).toContain(SUBJECTS.sso);
    // A launch of theirs the platform's audit rows refused names their LMS identity too.
    expect(await auditText()).toContain(SUBJECTS.lti);

    const erased = await erase(me.id);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().data).toMatchObject({ student_id: me.id, recordings: 1, reports: 0, files_left: 0 });
    expect(erased.json().data.audit_rows).toBeGreaterThan(0);

    // The record and the account name no one.
    const record = await t.db.selectFrom('students').selectAll().where('id', '=', me.id).executeTakeFirstOrThrow();
    expect(record).toMatchObject({
      student_number: `ERASED-${me.id}`,
      name_en: `Erased student ${me.id}`,
      national_id: null,
      date_of_birth: null,
      extra_time_reason: null,
      is_active: false,
      school_id: me.school_id,
      gender: 'female',
    });
    expect(record.erased_at).not.toBeNull();
    const login = await call(t.app, 'POST', '/api/login', { email: user.email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie: scene.studentCookie })).statusCode).toBe(401);
    // What they wrote, said and had written about them is gone; the scores stay.
    const answers = await t.db
      .selectFrom('attempt_answers as aa')
      .innerJoin('exam_attempts as a', 'a.id', 'aa.attempt_id')
      .innerJoin('student_exams as se', 'se.id', 'a.student_exam_id')
      .select(['aa.question_id', 'aa.answer', 'aa.score'])
      .where('se.student_id', '=', me.id)
      .execute();
    const essay = answers.find((a) => a.question_id === scene.q.essay.id)!;
    expect(essay.answer).toEqual({ text: '[erased]' });
    expect(answers.find((a) => a.question_id === scene.q.spoken.id)!.answer).toMatchObject({ media: 'erased' });
    expect(answers.find((a) => a.question_id === scene.q.tf.id)!.answer).toEqual({ value: true });
    const comments = await t.db
      .selectFrom('correction_marks as m')
      .innerJoin('exam_attempts as a', 'a.id', 'm.attempt_id')
      .innerJoin('student_exams as se', 'se.id', 'a.student_exam_id')
      .select('m.comment')
      .where('se.student_id', '=', me.id)
      .execute();
    expect(comments.every((row) => row.comment === null)).toBe(true);
    expect(await t.db.selectFrom('media').select('id').where('owner_id', '=', user.id).execute()).toEqual([]);
    expect(await t.app.fileStore.size(`media/${recordings[0].file_name}`)).toBeNull();
    // Nothing ties them to an identity elsewhere any more.
    expect(await t.db.selectFrom('lti_identities').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('sso_identities').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(
      await t.db.selectFrom('lti_link_members').select('subject').where('subject', '=', SUBJECTS.lti).execute(),
    ).toEqual([]);
    // The audit log keeps every row, without their identity; the others keep theirs.
    const log = await auditText();
    for (const value of [...identity, me.name_ar, SUBJECTS.sso, SUBJECTS.lti]) expect(log, value).not.toContain(value);
    expect(log).toContain(`erased-student-${me.id}`);
    for (const value of othersLogged) expect(log, value).toContain(value);
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['reason', 'summary'])
      .where('action', '=', 'students.erase')
      .where('target', '=', `students/${me.id}`)
      .executeTakeFirstOrThrow();
    expect(entry.reason).toBe('Parent asked for erasure');
    // Their export now holds nothing that names them either.
    const zip = unzipSync(new Uint8Array((await exportOf(me.id)).rawPayload));
    for (const value of identity) expect(texts(zip), value).not.toContain(value);
    expect(JSON.parse(Buffer.from(zip['manifest.json']).toString()).recordings).toEqual([]);
    // The statistics computed again are the same.
    expect(await analysis()).toEqual(statisticsBefore);
  });

  it('is refused once erased (418, in the reader’s language)', async () => {
    const [me] = scene.students;
    const en = await erase(me.id);
    expect([en.statusCode, en.json().message]).toEqual([418, "This student's personal data has already been erased."]);
    const ar = await erase(me.id, undefined, 'ar');
    expect([ar.statusCode, ar.json().message]).toEqual([418, 'مُحيت البيانات الشخصية لهذا الطالب من قبل.']);
  });

  it('is refused while the student sits an exam (418), changing nothing', async () => {
    const spoken = await buildSpokenScene(t.app, t.db, registry);
    const sitting = spoken.student(0);
    expect((await sitting.start()).statusCode).toBe(200);
    const studentId = (
      await t.db
        .selectFrom('student_exams')
        .select('student_id')
        .where('id', '=', sitting.assignmentId)
        .executeTakeFirstOrThrow()
    ).student_id;
    const before = await identityOf(studentId);
    const response = await erase(studentId);
    expect([response.statusCode, response.json().message]).toEqual([
      418,
      'This student is sitting an exam now. Erase their data once the attempt is submitted.',
    ]);
    expect(await identityOf(studentId)).toEqual(before);
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie: sitting.cookie })).statusCode).toBe(200);
  });

  it('is refused (503, changing nothing) on a log sealed before this release until it is sealed again', async () => {
    const [, , third] = scene.students;
    const before = await identityOf(third.id);
    await sql`drop function audit_log_pseudonymise(text[], integer, text[], text)`.execute(t.db);
    try {
      const en = await erase(third.id);
      expect([en.statusCode, en.json().message]).toEqual([
        503,
        'The audit log was sealed before this release: an administrator must seal it again (npm run db:seal-audit-log) before a student can be erased.',
      ]);
      expect((await erase(third.id, undefined, 'ar')).json().message).toMatch(/^خُتم سجل التدقيق/);
      expect(await identityOf(third.id)).toEqual(before);
    } finally {
      await installAuditLogFunctions(t.db);
    }
  });
});
