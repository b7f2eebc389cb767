import { expect } from 'vitest';
import { recordAudit } from '../../src/server/audit';
import { call } from './api-client';
import type { TestContext } from './test-app';

/** A student's identities elsewhere: a single sign-on provider's subject and an LMS's. */
export const SUBJECTS = { sso: 'entra-pupil-7f31', lti: 'moodle-pupil-4410' };

/** A single sign-on provider and an LMS platform, added by the administrator. */
export async function addProviderAndPlatform(t: TestContext, admin: string) {
  const provider = await call(
    t.app,
    'POST',
    '/api/sso-providers',
    {
      key: 'ministry',
      name_en: 'Ministry ID',
      name_ar: 'هوية الوزارة',
      issuer: 'https://id.example.org',
      client_id: 'ltm',
    },
    { cookie: admin },
  );
  expect(provider.statusCode, provider.body).toBe(201);
  const platform = await call(
    t.app,
    'POST',
    '/api/lti-platforms',
    {
      name_en: 'School Moodle',
      name_ar: 'مودل المدرسة',
      issuer: 'https://moodle.school.test',
      client_id: 'ltm-tool',
      deployment_ids: 'deployment-1',
      auth_login_url: 'https://moodle.school.test/auth',
      jwks_url: 'https://moodle.school.test/certs',
    },
    { cookie: admin },
  );
  expect(platform.statusCode, platform.body).toBe(201);
  return { providerId: provider.json().data.id as number, platformId: platform.json().data.id as number };
}

/**
 * Links a student's account to a single sign-on provider and an LMS platform (both added by the
 * administrator), makes them a member of a course link of `examId` (their scores go back there), and
 * leaves a refused launch of theirs in the audit log, under the platform.
 */
export async function linkElsewhere(t: TestContext, admin: string, studentId: number, examId: number) {
  const { providerId, platformId } = await addProviderAndPlatform(t, admin);
  const { user_id: userId } = await t.db
    .selectFrom('students')
    .select('user_id')
    .where('id', '=', studentId)
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('sso_identities')
    .values({ provider_id: providerId, subject: SUBJECTS.sso, user_id: userId! })
    .execute();
  await t.db
    .insertInto('lti_identities')
    .values({ platform_id: platformId, subject: SUBJECTS.lti, user_id: userId! })
    .execute();
  const link = await t.db
    .insertInto('lti_links')
    .values({
      platform_id: platformId,
      deployment_id: 'deployment-1',
      resource_link_id: 'activity-3',
      exam_id: examId,
      lineitem_url: 'https://moodle.school.test/lineitems/3',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const assignment = await t.db
    .selectFrom('student_exams')
    .select('id')
    .where('student_id', '=', studentId)
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('lti_link_members')
    .values({ link_id: link.id, subject: SUBJECTS.lti, student_exam_id: assignment.id })
    .execute();
  await recordAudit(t.db, {
    actorId: null,
    address: null,
    requestId: null,
    action: 'lti_platforms.launch_refused',
    target: `lti-platforms/${platformId}`,
    summary: { reason: 'no_exam', subject: SUBJECTS.lti, exam_id: examId + 1000 },
  });
}
