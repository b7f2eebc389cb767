import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/common/permissions';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { ManualClock } from '../../src/server/clock';
import { call } from '../helpers/api-client';
import { buildDeliveryScene, signInStudent } from '../helpers/delivery-factory';
import { buildUser, signIn } from '../helpers/factories';
import { INSTRUCTOR, LEARNER, LTI_CLAIM, startLtiPlatform } from '../helpers/lti-platform';
import { ltiBrowser, ltiPlatformBody } from '../helpers/lti-flow';
import { cookieOf } from '../helpers/sign-in-browser';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Issue 46, a course teacher's resource link launch: the platform in the test process launches a
 * teacher (Instructor) into an activity; the first time, their verified launch waits while they
 * sign in with their own staff account here and confirm the link; after that, the course signs them
 * in, to the exam's monitor. Never a student's account, never past a second factor.
 */
const PUBLIC_URL = 'http://localhost:3000';
const CLIENT_ID = 'ltm-tool';
const DEPLOYMENT = 'deployment-1';
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));

let t: TestContext;
let platform: Awaited<ReturnType<typeof startLtiPlatform>>;
let scene: Awaited<ReturnType<typeof buildDeliveryScene>>;
let browser: ReturnType<typeof ltiBrowser>;

beforeAll(async () => {
  platform = await startLtiPlatform({ clientId: CLIENT_ID, deploymentId: DEPLOYMENT });
  // School staff must sign in with a second factor here (MFA_REQUIRED_ROLES=school).
  t = await createTestApp({ publicUrl: PUBLIC_URL, mfa: { requiredRoles: [ROLES.school], issuer: 'LTM test' } }, clock);
  platform.trustTool(async () => (await t.app.inject({ method: 'GET', url: '/api/lti/jwks' })).json());
  const admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
  const created = await call(
    t.app,
    'POST',
    '/api/lti-platforms',
    ltiPlatformBody(platform, { clientId: CLIENT_ID, deploymentId: DEPLOYMENT }),
    { cookie: admin },
  );
  expect(created.statusCode, created.body).toBe(201);
  scene = await buildDeliveryScene(t.app, t.db, await loadSchemaRegistry());
  browser = ltiBrowser(t.app, platform, { publicUrl: PUBLIC_URL, clientId: CLIENT_ID });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await platform?.close();
});

/** A teacher's launch into the scene's exam, as the platform signs it. */
const teacherClaims = (subject: string, extra: Record<string, unknown> = {}) => ({
  sub: subject,
  [`${LTI_CLAIM}roles`]: [INSTRUCTOR],
  [`${LTI_CLAIM}custom`]: { exam_id: String(scene.exam.id) },
  ...extra,
});
const launchTeacher = (subject: string, extra: Record<string, unknown> = {}) =>
  browser.launchThrough({ claims: teacherClaims(subject, extra) });

/** The launch's redirect and the cookie its waiting link is held by. */
async function waitingLink(subject: string, extra: Record<string, unknown> = {}) {
  const response = await launchTeacher(subject, extra);
  expect(response.statusCode, response.body).toBe(302);
  const linkCookie = cookieOf(response, 'ltm_lti_account');
  expect(linkCookie).not.toBe('');
  return { response, linkCookie, location: new URL(response.headers.location as string, PUBLIC_URL) };
}

const linkRequest = (method: 'GET' | 'POST', session: string, linkCookie: string, lang?: 'ar') =>
  call(t.app, method, '/api/lti/account-link', method === 'POST' ? {} : undefined, {
    cookie: [session, linkCookie].filter(Boolean).join('; '),
    lang,
  });

const identityOf = (subject: string) =>
  t.db.selectFrom('lti_identities').select('user_id').where('subject', '=', subject).executeTakeFirst();

describe("a course teacher's first launch", () => {
  it('waits for them to sign in here, names the platform and exam in their language, and signs nobody in', async () => {
    const { response, linkCookie, location } = await waitingLink('moodle-teacher-1', {
      [`${LTI_CLAIM}launch_presentation`]: { locale: 'ar-SA' },
    });
    expect(location.pathname).toBe('/lti/account-link');
    expect(location.searchParams.get('lang')).toBe('ar');
    // No session: the browser's, had it one, is ended (its cookie cleared).
    expect(response.cookies.find((c) => c.name === 'ltm_session')?.value ?? '').toBe('');
    // Sent to the link's own routes only.
    expect(response.cookies.find((c) => c.name === 'ltm_lti_account')).toMatchObject({
      path: '/api/lti/account-link',
      httpOnly: true,
    });
    expect((await linkRequest('GET', '', linkCookie)).statusCode).toBe(401);
    const author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
    const shown = await linkRequest('GET', author, linkCookie, 'ar');
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual({ data: { platform: 'مودل المدرسة', exam: scene.exam.name_ar } });
    expect((await linkRequest('GET', author, linkCookie)).json().data.platform).toBe('School Moodle');
    expect(await identityOf('moodle-teacher-1')).toBeUndefined();
  });

  it("links the signed-in staff account once, audited, and opens the exam's monitor; the next launch signs them in", async () => {
    const user = await buildUser(t.db, { role: ROLES.author });
    const author = await signIn(t.app, user);
    const { linkCookie } = await waitingLink('moodle-teacher-2');
    const linked = await linkRequest('POST', author, linkCookie);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toEqual({ data: { path: `/exams/${scene.exam.id}/monitor` } });
    const { user_id: userId } = (await identityOf('moodle-teacher-2'))!;
    const audited = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'target', 'summary'])
      .where('action', '=', 'lti_platforms.account_linked')
      .where('target', '=', `users/${userId}`)
      .execute();
    expect(audited).toEqual([
      {
        actor_id: userId,
        target: `users/${userId}`,
        summary: expect.objectContaining({ subject: 'moodle-teacher-2' }),
      },
    ]);
    // Once: a replay of the confirmation finds the launch gone.
    expect((await linkRequest('POST', author, linkCookie)).statusCode).toBe(410);

    const next = await launchTeacher('moodle-teacher-2');
    expect(next.statusCode, next.body).toBe(302);
    expect(next.headers.location).toBe(`/exams/${scene.exam.id}/monitor`);
    const session = cookieOf(next, 'ltm_session');
    const me = await call(t.app, 'GET', '/api/user', undefined, { cookie: session });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(user.email);
    // The console stored no user in this browser: the readable hint tells it to ask the server.
    const hint = next.cookies.find((c) => c.name === 'ltm_signed_in');
    expect(hint).toMatchObject({ value: String(userId), path: '/', sameSite: 'Lax' });
    expect(hint?.httpOnly).toBeFalsy();
    const out = await call(t.app, 'POST', '/api/logout', undefined, { cookie: session });
    expect(out.cookies.find((c) => c.name === 'ltm_signed_in')).toMatchObject({ value: '' });
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie: session })).statusCode).toBe(401);
  });

  it('opens the home of a teacher who may not open the monitor, and of a link that names no exam', async () => {
    const corrector = await signIn(t.app, await buildUser(t.db, { role: ROLES.corrector }));
    const { linkCookie } = await waitingLink('moodle-teacher-3');
    expect((await linkRequest('POST', corrector, linkCookie)).json()).toEqual({ data: { path: '/' } });
    const author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
    const noExam = await waitingLink('moodle-teacher-4', { [`${LTI_CLAIM}custom`]: {} });
    expect((await linkRequest('POST', author, noExam.linkCookie)).json()).toEqual({ data: { path: '/' } });
  });

  it("refuses a student's account, an expired or unknown link, a platform switched off, and a subject linked meanwhile, in the reader's language", async () => {
    const student = await signInStudent(t.app, t.db, scene.students[0]!.id);
    const { linkCookie } = await waitingLink('moodle-teacher-5');
    const refused = await linkRequest('POST', student, linkCookie, 'ar');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('لا يُربط حساب طالب بمعلّم مقرر.');
    expect((await linkRequest('GET', student, linkCookie)).statusCode).toBe(403);
    expect(await identityOf('moodle-teacher-5')).toBeUndefined();

    const author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
    expect((await linkRequest('POST', author, 'ltm_lti_account=made-up')).statusCode).toBe(410);
    expect((await linkRequest('GET', author, '')).statusCode).toBe(410);
    clock.advance(11 * 60);
    try {
      const late = await linkRequest('POST', author, linkCookie);
      expect(late.statusCode).toBe(410);
      expect(late.json().message).toBe(
        'This link request has expired or was already used. Open the activity in your course again.',
      );
    } finally {
      clock.advance(-11 * 60);
    }
    expect(await identityOf('moodle-teacher-5')).toBeUndefined();

    const switchedOff = await waitingLink('moodle-teacher-13');
    await t.db.updateTable('lti_platforms').set({ is_active: false }).execute();
    try {
      expect((await linkRequest('GET', author, switchedOff.linkCookie)).statusCode).toBe(410);
      expect((await linkRequest('POST', author, switchedOff.linkCookie)).statusCode).toBe(410);
    } finally {
      await t.db.updateTable('lti_platforms').set({ is_active: true }).execute();
    }
    expect(await identityOf('moodle-teacher-13')).toBeUndefined();

    // Two waiting launches of one subject: the first confirmation stands, the second is refused.
    const first = await waitingLink('moodle-teacher-6');
    const second = await waitingLink('moodle-teacher-6');
    expect((await linkRequest('POST', author, first.linkCookie)).statusCode).toBe(200);
    const other = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
    const taken = await linkRequest('POST', other, second.linkCookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(
      'Your account at the course is already linked to another account here. Ask your administrator.',
    );
  });
});

describe('a teacher launch on a browser where someone is signed in', () => {
  it('signs them out first: the course identity is never linked to them, and a second factor is asked of its owner', async () => {
    const someone = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
    const login = await browser.initiate();
    const posted = await browser.launch(
      await platform.idToken(login.nonce, { claims: teacherClaims('moodle-teacher-11') }),
      login.state,
    );
    const landed = await browser.follow(posted, `${login.stateCookie}; ${someone}`);
    expect(landed.headers.location).toBe('/lti/account-link');
    expect(landed.cookies.find((c) => c.name === 'ltm_session')).toMatchObject({ value: '' });
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie: someone })).statusCode).toBe(401);
    const linkCookie = cookieOf(landed, 'ltm_lti_account');
    expect((await linkRequest('POST', someone, linkCookie)).statusCode).toBe(401);
    expect(await identityOf('moodle-teacher-11')).toBeUndefined();
  });
});

describe("a linked teacher's launch", () => {
  async function linkedTo(subject: string) {
    const user = await buildUser(t.db, { role: ROLES.author });
    const { linkCookie } = await waitingLink(subject);
    expect((await linkRequest('POST', await signIn(t.app, user), linkCookie)).statusCode).toBe(200);
    return (await identityOf(subject))!.user_id;
  }

  it('never stands in for a second factor: the console asks for it, then opens the monitor', async () => {
    const userId = await linkedTo('moodle-teacher-7');
    await t.db.updateTable('users').set({ mfa_enabled_at: new Date() }).where('id', '=', userId).execute();
    const response = await launchTeacher('moodle-teacher-7');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/exams/${scene.exam.id}/monitor`);
    // No session: the browser's, had it one, is ended (its cookie cleared).
    expect(response.cookies.find((c) => c.name === 'ltm_session')?.value ?? '').toBe('');
  });

  it('never stands in for a second factor a role requires either, set up or not', async () => {
    const user = await buildUser(t.db, { role: ROLES.school });
    const { id: userId } = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', user.email)
      .executeTakeFirstOrThrow();
    const platformId = (await t.db.selectFrom('lti_platforms').select('id').executeTakeFirstOrThrow()).id;
    await t.db
      .insertInto('lti_identities')
      .values({ platform_id: platformId, subject: 'moodle-head-14', user_id: userId })
      .execute();
    const response = await launchTeacher('moodle-head-14');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).not.toContain('sso_error');
    expect(response.cookies.find((c) => c.name === 'ltm_session')?.value ?? '').toBe('');
  });

  it("refuses a disabled account, one left with no role, and a student's subject launched as a teacher", async () => {
    const userId = await linkedTo('moodle-teacher-8');
    await t.db.updateTable('users').set({ is_active: false }).where('id', '=', userId).execute();
    expect(browser.refusalOf(await launchTeacher('moodle-teacher-8'))).toBe('disabled');
    const roleless = await linkedTo('moodle-teacher-12');
    await t.db.deleteFrom('user_roles').where('user_id', '=', roleless).execute();
    expect(browser.refusalOf(await launchTeacher('moodle-teacher-12'))).toBe('no_role');
    await signInStudent(t.app, t.db, scene.students[1]!.id);
    const studentUser = await t.db
      .selectFrom('students')
      .select('user_id')
      .where('id', '=', scene.students[1]!.id)
      .executeTakeFirstOrThrow();
    const platformId = (await t.db.selectFrom('lti_platforms').select('id').executeTakeFirstOrThrow()).id;
    await t.db
      .insertInto('lti_identities')
      .values({ platform_id: platformId, subject: 'moodle-pupil-9', user_id: studentUser.user_id! })
      .execute();
    expect(browser.refusalOf(await launchTeacher('moodle-pupil-9'))).toBe('unknown_account');
  });

  it('takes a launch that names the person a learner too as a learner launch', async () => {
    const response = await launchTeacher('moodle-teacher-10', { [`${LTI_CLAIM}roles`]: [INSTRUCTOR, LEARNER] });
    expect(browser.refusalOf(response)).toBe('unknown_account');
    expect(response.cookies.find((c) => c.name === 'ltm_lti_account')).toBeUndefined();
  });
});
