import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/common/permissions';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { ManualClock } from '../../src/server/clock';
import { syncCourseRosters } from '../../src/server/lti';
import { call } from '../helpers/api-client';
import { assign, buildDeliveryScene, signInStudent } from '../helpers/delivery-factory';
import { buildUser, signIn } from '../helpers/factories';
import { INSTRUCTOR, LEARNER, LTI_CLAIM, startLtiPlatform } from '../helpers/lti-platform';
import { ltiBrowser, ltiPlatformBody } from '../helpers/lti-flow';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Issue 46, Names and Role Provisioning Services 2.0: a launch names its course's membership
 * list; every few hours the list is read (the platform in the test process serves it two members a
 * page) and the course's learners are linked to their students by roster number, so a student who
 * sat the exam without launching it from the course still gets their score there.
 */
const PUBLIC_URL = 'http://localhost:3000';
const CLIENT_ID = 'ltm-tool';
const DEPLOYMENT = 'deployment-1';
const NRPS = 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice';

let t: TestContext;
let platform: Awaited<ReturnType<typeof startLtiPlatform>>;
let browser: ReturnType<typeof ltiBrowser>;
let scene: Awaited<ReturnType<typeof buildDeliveryScene>>;
/** The student who launches, and the classmate who never does. */
let assignments: number[];
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));

beforeAll(async () => {
  platform = await startLtiPlatform({ clientId: CLIENT_ID, deploymentId: DEPLOYMENT });
  t = await createTestApp({ publicUrl: PUBLIC_URL }, clock);
  platform.trustTool(async () => (await t.app.inject({ method: 'GET', url: '/api/lti/jwks' })).json());
  const admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
  const body = ltiPlatformBody(platform, { clientId: CLIENT_ID, deploymentId: DEPLOYMENT });
  expect((await call(t.app, 'POST', '/api/lti-platforms', body, { cookie: admin })).statusCode).toBe(201);
  scene = await buildDeliveryScene(t.app, t.db, await loadSchemaRegistry());
  await signInStudent(t.app, t.db, scene.students[1]!.id);
  const author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
  const window = { start_date_time: '2026-06-02 08:00:00', end_date_time: '2026-06-20 15:00:00' };
  expect((await assign(t.app, author, scene.exam.id, { ...window, school_ids: [scene.school.id] })).statusCode).toBe(
    200,
  );
  for (const [index, number] of ['NRPS-1', 'NRPS-2'].entries())
    await t.db
      .updateTable('students')
      .set({ student_number: number })
      .where('id', '=', scene.students[index]!.id)
      .execute();
  const rows = await t.db
    .selectFrom('student_exams')
    .select(['id', 'student_id'])
    .where('exam_id', '=', scene.exam.id)
    .execute();
  assignments = scene.students.map((s) => rows.find((r) => r.student_id === s.id)!.id);
  browser = ltiBrowser(t.app, platform, { publicUrl: PUBLIC_URL, clientId: CLIENT_ID });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await platform?.close();
});

const launchClaims = (link: string, service: Record<string, unknown>) => ({
  [`${LTI_CLAIM}custom`]: { exam_id: String(scene.exam.id) },
  [`${LTI_CLAIM}resource_link`]: { id: link },
  [`${LTI_CLAIM}lis`]: { person_sourcedid: 'NRPS-1' },
  [NRPS]: service,
});
const service = (url: string, versions = ['2.0']) => ({ context_memberships_url: url, service_versions: versions });

const membersOf = (link: string) =>
  t.db
    .selectFrom('lti_link_members')
    .innerJoin('lti_links', 'lti_links.id', 'lti_link_members.link_id')
    .select(['lti_link_members.subject', 'lti_link_members.student_exam_id'])
    .where('lti_links.resource_link_id', '=', link)
    .orderBy('lti_link_members.subject')
    .execute();

describe("a course's members (Names and Role Provisioning Services)", () => {
  it('links the learners a launch did not, by roster number, page after page; skips teachers, the inactive and strangers', async () => {
    platform.setMembers([
      { user_id: 'moodle-teacher-3', status: 'Active', roles: [INSTRUCTOR], lis_person_sourcedid: 'NRPS-1' },
      { user_id: 'moodle-user-44', status: 'Inactive', roles: [LEARNER], lis_person_sourcedid: 'NRPS-2' },
      { user_id: 'moodle-user-42', status: 'Active', roles: [LEARNER], lis_person_sourcedid: 'NRPS-1' },
      { user_id: 'moodle-user-43', roles: ['Learner'], lis_person_sourcedid: 'nrps-2', name: 'Huda Salem' },
      { user_id: 'moodle-user-45', status: 'Active', roles: [LEARNER], lis_person_sourcedid: 'NOBODY-9' },
      { user_id: 'moodle-user-46', status: 'Deleted', roles: ['Learner'], lis_person_sourcedid: 'NRPS-2' },
      { user_id: { id: 1 }, status: 'Active', roles: [LEARNER], lis_person_sourcedid: 'NRPS-2' },
    ]);
    const opened = await browser.launchThrough({
      claims: launchClaims('activity-roster', service(platform.membershipsUrl)),
    });
    expect(opened.statusCode, opened.body).toBe(302);
    const link = await t.db
      .selectFrom('lti_links')
      .select(['memberships_url', 'roster_due_at'])
      .where('resource_link_id', '=', 'activity-roster')
      .executeTakeFirstOrThrow();
    expect(link).toEqual({ memberships_url: platform.membershipsUrl, roster_due_at: null });

    expect(await syncCourseRosters(t.app)).toEqual({ read: 1, added: 1, refused: 0 });
    expect(platform.membershipReads()).toBe(4);
    expect(await membersOf('activity-roster')).toEqual([
      { subject: 'moodle-user-42', student_exam_id: assignments[0] },
      { subject: 'moodle-user-43', student_exam_id: assignments[1] },
    ]);
    const identities = await t.db.selectFrom('lti_identities').select('subject').orderBy('subject').execute();
    expect(identities.map((row) => row.subject)).toEqual(['moodle-user-42', 'moodle-user-43']);

    // Read again only when due: six hours on.
    expect(await syncCourseRosters(t.app)).toEqual({ read: 0, added: 0, refused: 0 });
    clock.advance(6 * 3600);
    // A member's record follows the link's exam: an assignment that is not the latest is put right.
    await t.db
      .updateTable('lti_link_members')
      .set({ student_exam_id: assignments[0]! })
      .where('subject', '=', 'moodle-user-43')
      .execute();
    expect(await syncCourseRosters(t.app)).toEqual({ read: 1, added: 0, refused: 0 });
    expect(platform.membershipReads()).toBe(8);
    expect(await membersOf('activity-roster')).toEqual([
      { subject: 'moodle-user-42', student_exam_id: assignments[0] },
      { subject: 'moodle-user-43', student_exam_id: assignments[1] },
    ]);
  });

  it('keeps no list address on another host or of another version, follows no page elsewhere, and retries a refusal in an hour', async () => {
    for (const [link, claim] of [
      ['activity-elsewhere', service('https://collector.evil.test/memberships')],
      ['activity-v1', service(platform.membershipsUrl, ['1.0'])],
      ['activity-not-web', service('file:///etc/passwd')],
    ] as const) {
      expect((await browser.launchThrough({ claims: launchClaims(link, claim) })).statusCode).toBe(302);
      const kept = await t.db
        .selectFrom('lti_links')
        .select('memberships_url')
        .where('resource_link_id', '=', link)
        .executeTakeFirstOrThrow();
      expect([link, kept.memberships_url]).toEqual([link, null]);
    }

    // A link whose scores do not go back (no line item) is not read: nobody is linked for nothing.
    const noScores: Record<string, unknown> = launchClaims('activity-no-scores', service(platform.membershipsUrl));
    noScores['https://purl.imsglobal.org/spec/lti-ags/claim/endpoint'] = {};
    expect((await browser.launchThrough({ claims: noScores })).statusCode).toBe(302);

    const reads = platform.membershipReads();
    clock.advance(6 * 3600);
    platform.nextPageTo('https://collector.evil.test/next');
    try {
      expect(await syncCourseRosters(t.app)).toEqual({ read: 1, added: 0, refused: 0 });
      expect(platform.membershipReads()).toBe(reads + 1);
    } finally {
      platform.nextPageTo(null);
    }

    clock.advance(6 * 3600);
    platform.refuseTokens(1);
    expect(await syncCourseRosters(t.app)).toEqual({ read: 0, added: 0, refused: 1 });
    const due = await t.db
      .selectFrom('lti_links')
      .select('roster_due_at')
      .where('resource_link_id', '=', 'activity-roster')
      .executeTakeFirstOrThrow();
    expect(new Date(due.roster_due_at!).getTime()).toBe(clock.now().getTime() + 3600_000);
    expect(await syncCourseRosters(t.app)).toEqual({ read: 0, added: 0, refused: 0 });
    clock.advance(3600);
    expect(await syncCourseRosters(t.app)).toEqual({ read: 1, added: 0, refused: 0 });

    // A redirect, a page that is not a list of members, one beyond 4 MB (announced or not): refused.
    const answers: { status: number; headers?: Record<string, string>; body: string }[] = [
      { status: 302, headers: { location: 'https://collector.evil.test/members' }, body: '' },
      { status: 200, body: '<html>maintenance</html>' },
      { status: 200, body: '{"members": "none"}' },
      { status: 200, body: `{"members": [], "padding": "${'x'.repeat(4 * 1024 * 1024)}"}` },
      {
        status: 200,
        headers: { 'content-length': String(5 * 1024 * 1024) },
        body: 'x'.repeat(5 * 1024 * 1024),
      },
    ];
    for (const answer of answers) {
      clock.advance(6 * 3600);
      platform.answerMemberships(answer);
      try {
        expect([answer.status, answer.body.slice(0, 20), await syncCourseRosters(t.app)]).toEqual([
          answer.status,
          answer.body.slice(0, 20),
          { read: 0, added: 0, refused: 1 },
        ]);
      } finally {
        platform.answerMemberships(null);
      }
    }
  });
});
