import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/common/permissions';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { call, sessionCookie } from '../helpers/api-client';
import { assign, buildDeliveryScene } from '../helpers/delivery-factory';
import { buildCorrectionScene } from '../helpers/correction-factory';
import { ManualClock } from '../../src/server/clock';
import { sendReleasedScores } from '../../src/server/lti';
import { buildUser, signIn } from '../helpers/factories';
import { INSTRUCTOR, LTI_CLAIM, startLtiPlatform } from '../helpers/lti-platform';
import { ltiBrowser, ltiPlatformBody, type TokenOverrides } from '../helpers/lti-flow';
import { cookieOf } from '../helpers/sign-in-browser';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Issue 46, LTI 1.3 launch: a platform in the test process (its key set over HTTP, its login
 * initiation, its signed launches); the test is the browser between it and our server, which checks
 * launches through `jose` only. Every refusal goes back to the sign-in page.
 */
const PUBLIC_URL = 'http://localhost:3000';
const CLIENT_ID = 'ltm-tool';
const DEPLOYMENT = 'deployment-1';

let t: TestContext;
let admin: string;
let platform: Awaited<ReturnType<typeof startLtiPlatform>>;
let scene: Awaited<ReturnType<typeof buildDeliveryScene>>;
let assignmentId: number;
let studentUserId: number;
type Browser = ReturnType<typeof ltiBrowser>;
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));

beforeAll(async () => {
  platform = await startLtiPlatform({ clientId: CLIENT_ID, deploymentId: DEPLOYMENT });
  // Inside the exam windows of the scenes, where students can start and submit.
  t = await createTestApp({ publicUrl: PUBLIC_URL }, clock);
  platform.trustTool(async () => (await t.app.inject({ method: 'GET', url: '/api/lti/jwks' })).json());
  admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
  const registry = await loadSchemaRegistry();
  scene = await buildDeliveryScene(t.app, t.db, registry);
  const author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
  const window = { start_date_time: '2026-06-02 08:00:00', end_date_time: '2026-06-20 15:00:00' };
  expect((await assign(t.app, author, scene.exam.id, { ...window, school_ids: [scene.school.id] })).statusCode).toBe(
    200,
  );
  const student = scene.students[0]!;
  await t.db.updateTable('students').set({ student_number: 'LTI-5521' }).where('id', '=', student.id).execute();
  const row = await t.db
    .selectFrom('student_exams')
    .innerJoin('students', 'students.id', 'student_exams.student_id')
    .select(['student_exams.id', 'students.user_id'])
    .where('student_exams.student_id', '=', student.id)
    .where('student_exams.exam_id', '=', scene.exam.id)
    .executeTakeFirstOrThrow();
  assignmentId = row.id;
  studentUserId = row.user_id!;
  ({ initiate, launch, follow, launchThrough, refusalOf } = ltiBrowser(t.app, platform, {
    publicUrl: PUBLIC_URL,
    clientId: CLIENT_ID,
  }));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await platform?.close();
});

const platformBody = (overrides: Record<string, unknown> = {}) =>
  ltiPlatformBody(platform, { clientId: CLIENT_ID, deploymentId: DEPLOYMENT }, overrides);
let initiate: Browser['initiate'];
let launch: Browser['launch'];
let follow: Browser['follow'];
let launchThrough: Browser['launchThrough'];
let refusalOf: Browser['refusalOf'];

const examClaim = () => ({ [`${LTI_CLAIM}custom`]: { exam_id: String(scene.exam.id) } });

describe('LTI platforms (settings)', () => {
  it('are administrators only, and refuse bad addresses and no deployment in the reader language', async () => {
    expect((await call(t.app, 'GET', '/api/lti-platforms')).statusCode).toBe(401);
    const author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
    expect((await call(t.app, 'GET', '/api/lti-platforms', undefined, { cookie: author })).statusCode).toBe(403);
    const refused = await call(
      t.app,
      'POST',
      '/api/lti-platforms',
      platformBody({ jwks_url: 'javascript:alert(1)', deployment_ids: '\n \n' }),
      { cookie: admin, lang: 'ar' },
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      jwks_url: ['أدخل عنوان ويب يبدأ بـ https:// (أو http:// لمنصة اختبار).'],
      deployment_ids: ['هذا الحقل مطلوب'],
    });
    const created = await call(t.app, 'POST', '/api/lti-platforms', platformBody(), { cookie: admin });
    expect(created.statusCode, created.body).toBe(201);
  });

  it("publishes this tool's public key set, never its private parts", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/lti/jwks' });
    expect(response.statusCode).toBe(200);
    const { keys } = response.json() as { keys: Record<string, unknown>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys[0]!.kid).toBeTruthy();
    for (const part of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(keys[0]).not.toHaveProperty(part);
  });
});

describe('an LTI 1.3 launch', () => {
  it("sends the browser to the platform's authentication with a state, a nonce and our launch address", async () => {
    const { response, location, state, nonce, stateCookie } = await initiate();
    expect(response.statusCode).toBe(302);
    expect(`${location.origin}${location.pathname}`).toBe(platform.authUrl);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: CLIENT_ID,
      redirect_uri: `${PUBLIC_URL}/api/lti/launch`,
      login_hint: 'moodle-user-42',
      lti_message_hint: 'hint-7',
    });
    expect(state.length).toBeGreaterThan(20);
    expect(nonce.length).toBeGreaterThan(20);
    expect(stateCookie).toBe(`ltm_lti=${state}`);
    expect(refusalOf((await initiate({ iss: 'https://unknown.lms.test' })).response)).toBe('unavailable');
    // The same initiation as the platform's form post (LTI allows either), and a post without an issuer.
    const form = (body: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/lti/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: platform.origin },
        payload: new URLSearchParams(body).toString(),
      });
    const posted = await form({ iss: platform.issuer, login_hint: 'moodle-user-42', client_id: CLIENT_ID });
    expect(posted.statusCode).toBe(302);
    const postedTo = new URL(posted.headers.location as string);
    expect(`${postedTo.origin}${postedTo.pathname}`).toBe(platform.authUrl);
    expect(cookieOf(posted, 'ltm_lti')).toBe(`ltm_lti=${postedTo.searchParams.get('state')}`);
    expect(refusalOf(await form({ login_hint: 'moodle-user-42' }))).toBe('failed');
  });

  it("signs the learner in by the platform's roster number and opens the link's exam; the subject is linked", async () => {
    const opened = await launchThrough({ claims: examClaim() });
    expect(opened.statusCode, opened.body).toBe(302);
    expect(opened.headers.location).toBe(`/my-exams/${assignmentId}`);
    const me = await call(t.app, 'GET', '/api/user', undefined, { cookie: sessionCookie(opened) });
    expect(me.json().data.id).toBe(studentUserId);
    const link = await t.db.selectFrom('lti_links').selectAll().executeTakeFirstOrThrow();
    expect(link).toMatchObject({
      resource_link_id: 'activity-7',
      exam_id: scene.exam.id,
      deployment_id: DEPLOYMENT,
      lineitem_url: `${platform.origin}/moodle/lineitems/7/lineitem`,
    });
    // A line item elsewhere than the platform's own host, or without the score scope, is not kept.
    const elsewhere = {
      ...examClaim(),
      [`${LTI_CLAIM}resource_link`]: { id: 'activity-8' },
      'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
        scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/score'],
        lineitem: 'https://collector.evil.test/lineitems/1',
      },
    };
    expect((await launchThrough({ claims: elsewhere })).statusCode).toBe(302);
    const unscoped = {
      ...examClaim(),
      [`${LTI_CLAIM}resource_link`]: { id: 'activity-9' },
      'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': { scope: [], lineitem: `${platform.origin}/li/9` },
    };
    expect((await launchThrough({ claims: unscoped })).statusCode).toBe(302);
    const kept = await t.db
      .selectFrom('lti_links')
      .select(['resource_link_id', 'lineitem_url'])
      .where('resource_link_id', 'in', ['activity-8', 'activity-9'])
      .orderBy('resource_link_id')
      .execute();
    expect(kept).toEqual([
      { resource_link_id: 'activity-8', lineitem_url: null },
      { resource_link_id: 'activity-9', lineitem_url: null },
    ]);
    // Linked now: a launch without the roster number signs the same student in.
    const again = await launchThrough({ claims: { ...examClaim(), [`${LTI_CLAIM}lis`]: {} } });
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie: sessionCookie(again) })).json().data.id).toBe(
      studentUserId,
    );
  });

  it('refuses a launch for another tool, from another issuer, expired, another nonce, a deployment not allowed, or not LTI 1.3', async () => {
    const cases: [string, TokenOverrides][] = [
      ['audience', { claims: { ...examClaim(), aud: 'another-tool' } }],
      ['two audiences, another authorized party', { claims: { ...examClaim(), aud: [CLIENT_ID, 'x'], azp: 'x' } }],
      ['issuer', { claims: { ...examClaim(), iss: 'https://evil.lms.test' } }],
      ['expired', { claims: examClaim(), iatSecondsAgo: 900 }],
      [
        'issued too long ago',
        { claims: { ...examClaim(), exp: Math.floor(Date.now() / 1000) + 3600 }, iatSecondsAgo: 600 },
      ],
      ['another authorized party named', { claims: { ...examClaim(), azp: 'another-tool' } }],
      ['a subject that is not text', { claims: { ...examClaim(), sub: { id: 1 } } }],
      ['nonce', { claims: { ...examClaim(), nonce: 'another-nonce' } }],
      ['deployment', { claims: { ...examClaim(), [`${LTI_CLAIM}deployment_id`]: 'deployment-9' } }],
      ['version', { claims: { ...examClaim(), [`${LTI_CLAIM}version`]: '1.1' } }],
      ['message type', { claims: { ...examClaim(), [`${LTI_CLAIM}message_type`]: 'LtiSubmissionReviewRequest' } }],
      ['forged', { claims: examClaim(), key: await platform.forgerKey() }],
    ];
    for (const [name, overrides] of cases) {
      const login = await initiate();
      const posted = await launch(await platform.idToken(login.nonce, overrides), login.state);
      expect([name, refusalOf(posted)]).toEqual([name, 'failed']);
    }
    // Unsigned (alg none): no key can check it.
    const login = await initiate();
    const [header, payload] = (await platform.idToken(login.nonce, { claims: examClaim() })).split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    expect(header).toBeTruthy();
    expect(refusalOf(await launch(none, login.state))).toBe('failed');
    expect(
      await t.db.selectFrom('lti_launches').select('state_hash').where('token_hash', 'is not', null).execute(),
    ).toEqual([]);
  });

  it('answers a login once: an unknown or replayed state, or another browser, signs nobody in', async () => {
    const login = await initiate();
    const token = await platform.idToken(login.nonce, { claims: examClaim() });
    expect(refusalOf(await launch(token, 'a-state-we-never-made'))).toBe('expired');
    const posted = await launch(token, login.state);
    expect(posted.statusCode).toBe(303);
    expect(refusalOf(await launch(token, login.state))).toBe('expired');
    expect(refusalOf(await follow(posted, ''))).toBe('failed');
    // Taken (and refused) once: gone.
    expect(refusalOf(await follow(posted, login.stateCookie))).toBe('expired');
  });

  it('refuses a learner not on the roster, signs a teacher in as no student, and refuses a link to an exam the student is not assigned', async () => {
    const stranger = { ...examClaim(), sub: 'moodle-user-99', [`${LTI_CLAIM}lis`]: { person_sourcedid: 'NOBODY-1' } };
    expect(refusalOf(await launchThrough({ claims: stranger }))).toBe('unknown_account');
    const audited = await t.db
      .selectFrom('audit_log')
      .select(['summary', 'actor_id'])
      .where('action', '=', 'lti_platforms.launch_refused')
      .execute();
    expect(audited).toEqual([
      { summary: { reason: 'unknown_account', subject: 'moodle-user-99', exam_id: scene.exam.id }, actor_id: null },
    ]);
    const teacher = {
      ...examClaim(),
      sub: 'moodle-teacher-3',
      [`${LTI_CLAIM}roles`]: [INSTRUCTOR],
      [`${LTI_CLAIM}lis`]: { person_sourcedid: 'LTI-5521' },
    };
    // A teacher is no student here: their launch waits for them to link a staff account (lti-teacher.test.ts).
    const asTeacher = await launchThrough({ claims: teacher });
    expect(asTeacher.headers.location).toBe('/lti/account-link');
    expect(asTeacher.cookies.find((c) => c.name === 'ltm_session')?.value ?? '').toBe('');
    const otherExam = { [`${LTI_CLAIM}custom`]: { exam_id: String(scene.exam.id + 1000) } };
    expect(refusalOf(await launchThrough({ claims: otherExam }))).toBe('no_exam');
    expect(refusalOf(await launchThrough({ claims: { [`${LTI_CLAIM}custom`]: {} } }))).toBe('no_exam');
    // Beyond what an id holds (a typing slip at the platform): no exam, not a server error.
    const huge = { [`${LTI_CLAIM}custom`]: { exam_id: '99999999999' } };
    expect(refusalOf(await launchThrough({ claims: huge }))).toBe('no_exam');
  });

  it('refuses a launch from a platform switched off', async () => {
    const login = await initiate();
    await t.db.updateTable('lti_platforms').set({ is_active: false }).execute();
    try {
      const posted = await launch(await platform.idToken(login.nonce, { claims: examClaim() }), login.state);
      expect(refusalOf(posted)).toBe('unavailable');
      expect(refusalOf((await initiate()).response)).toBe('unavailable');
    } finally {
      await t.db.updateTable('lti_platforms').set({ is_active: true }).execute();
    }
  });

  it('is refused in production from a platform reached over plain http', async () => {
    const production = await createTestApp({ production: true, publicUrl: 'https://ltm.school.test' });
    try {
      const owner = await signIn(production.app, await buildUser(production.db, { role: ROLES.admin }));
      const created = await call(production.app, 'POST', '/api/lti-platforms', platformBody(), { cookie: owner });
      expect(created.statusCode, created.body).toBe(201);
      const query = new URLSearchParams({ iss: platform.issuer, login_hint: 'moodle-user-42', client_id: CLIENT_ID });
      const response = await production.app.inject({ method: 'GET', url: `/api/lti/login?${query}` });
      expect(response.statusCode).toBe(302);
      expect(
        new URL(response.headers.location as string, 'https://ltm.school.test').searchParams.get('sso_error'),
      ).toBe('unavailable');
    } finally {
      await production.close();
    }
  });
});

describe('scores back to the platform (Assignment and Grade Services)', () => {
  it("sends the released, marked mark to the link's line item once, again when it changes, and retries a refusal", async () => {
    const registry = await loadSchemaRegistry();
    const marked = await buildCorrectionScene(t.app, t.db, registry, { count: 1 });
    await t.db.updateTable('exams').set({ max_mark: 40, pass_mark: 20 }).where('id', '=', marked.exam.id).execute();
    const learner = marked.students[0]!;
    await t.db.updateTable('students').set({ student_number: 'AGS-1' }).where('id', '=', learner.id).execute();
    const lineitem = `${platform.origin}/moodle/lineitems/9/lineitem`;
    const opened = await launchThrough({
      claims: {
        sub: 'moodle-learner-ags',
        [`${LTI_CLAIM}lis`]: { person_sourcedid: 'AGS-1' },
        [`${LTI_CLAIM}resource_link`]: { id: 'activity-ags' },
        [`${LTI_CLAIM}custom`]: { exam_id: String(marked.exam.id) },
        'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
          scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/score'],
          lineitem: `${lineitem}?type_id=1`,
        },
      },
    });
    expect(opened.statusCode, opened.body).toBe(302);
    await t.db
      .insertInto('lti_links')
      .values({
        platform_id: (await t.db.selectFrom('lti_platforms').select('id').executeTakeFirstOrThrow()).id,
        deployment_id: DEPLOYMENT,
        resource_link_id: 'activity-unopened',
        exam_id: marked.exam.id,
        lineitem_url: `${platform.origin}/moodle/lineitems/10/lineitem`,
      })
      .execute();
    const before = platform.scores.length;

    // Submitted, not released: nothing goes back.
    expect(await sendReleasedScores(t.app)).toEqual({ sent: 0, refused: 0 });
    const released = await call(t.app, 'POST', `/api/exams/${marked.exam.id}/release`, {}, { cookie: marked.admin });
    expect(released.statusCode, released.body).toBe(200);
    // Released, a teacher still marking: nothing yet either.
    expect(await sendReleasedScores(t.app)).toEqual({ sent: 0, refused: 0 });
    const corrector = await signIn(t.app, await buildUser(t.db, { role: ROLES.corrector }));
    const saved = await call(
      t.app,
      'POST',
      '/api/exams/submit/correction',
      {
        exam_id: marked.exam.id,
        student_id: learner.id,
        version: 0,
        corrections: [
          { question_id: marked.q.essay.id, mark: 3 },
          { question_id: marked.q.spoken.id, mark: 2.5 },
          { question_id: marked.q.paragraph.id, part: 'w1', mark: 1 },
        ],
      },
      { cookie: corrector },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.result).toMatchObject({ mark: 25 });

    expect(await sendReleasedScores(t.app)).toEqual({ sent: 1, refused: 0 });
    const [score] = platform.scores.slice(before);
    expect(score).toMatchObject({
      lineitem: '/moodle/lineitems/9/lineitem',
      contentType: 'application/vnd.ims.lis.v1.score+json',
      body: {
        userId: 'moodle-learner-ags',
        scoreGiven: 25,
        scoreMaximum: 40,
        activityProgress: 'Completed',
        gradingProgress: 'FullyGraded',
      },
    });
    // Sent once: the next run has nothing to send.
    expect(await sendReleasedScores(t.app)).toEqual({ sent: 0, refused: 0 });

    // A re-mark changes the stored mark; the platform's refusal waits, then is tried again.
    const member = await t.db
      .selectFrom('lti_link_members')
      .innerJoin('lti_links', 'lti_links.id', 'lti_link_members.link_id')
      .select('sent_attempt_id')
      .where('lti_links.resource_link_id', '=', 'activity-ags')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('exam_attempts').set({ result_mark: 31 }).where('id', '=', member.sent_attempt_id).execute();
    platform.refuseTokens(1);
    expect(await sendReleasedScores(t.app)).toEqual({ sent: 0, refused: 1 });
    expect(await sendReleasedScores(t.app)).toEqual({ sent: 0, refused: 0 });
    clock.advance(61);
    expect(await sendReleasedScores(t.app)).toEqual({ sent: 1, refused: 0 });
    expect(platform.scores.at(-1)!.body).toMatchObject({ scoreGiven: 31, scoreMaximum: 40 });
    // Only the link the student launched: another activity on the same exam nobody opened gets nothing.
    expect(platform.scores.slice(before).map((s) => `${s.lineitem}${s.query}`)).toEqual([
      '/moodle/lineitems/9/lineitem?type_id=1',
      '/moodle/lineitems/9/lineitem?type_id=1',
    ]);
    // The activity linked to another exam since (a teacher's new choice): this exam's mark goes nowhere.
    await t.db
      .updateTable('lti_links')
      .set({ exam_id: scene.exam.id })
      .where('resource_link_id', '=', 'activity-ags')
      .execute();
    await t.db.updateTable('exam_attempts').set({ result_mark: 35 }).where('id', '=', member.sent_attempt_id).execute();
    expect(await sendReleasedScores(t.app)).toEqual({ sent: 0, refused: 0 });
  });
});
