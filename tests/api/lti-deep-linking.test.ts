import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { ROLES } from '../../src/common/permissions';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { ManualClock } from '../../src/server/clock';
import { call } from '../helpers/api-client';
import { assign, buildDeliveryScene } from '../helpers/delivery-factory';
import { buildUser, signIn } from '../helpers/factories';
import { LEARNER, LTI_CLAIM, startLtiPlatform } from '../helpers/lti-platform';
import { ltiBrowser, ltiPlatformBody } from '../helpers/lti-flow';
import { cookieOf } from '../helpers/sign-in-browser';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Issue 46, LTI Deep Linking 2.0: a teacher at their course chooses the exam an activity opens.
 * The platform in the test process sends the deep linking request; the test is the teacher's
 * browser: the choice page's calls, then the form post of our signed answer to the platform, which
 * checks it against our key set. The link it makes then launches a learner into that exam.
 */
const PUBLIC_URL = 'http://localhost:3000';
const CLIENT_ID = 'ltm-tool';
const DEPLOYMENT = 'deployment-1';
const COOKIE = 'ltm_lti_link';
const DL_SETTINGS = 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings';

let t: TestContext;
let platform: Awaited<ReturnType<typeof startLtiPlatform>>;
let browser: ReturnType<typeof ltiBrowser>;
let scene: Awaited<ReturnType<typeof buildDeliveryScene>>;
let exam: { id: number; name_en: string; name_ar: string; max_mark: string | number };
let platformId: number;
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));

beforeAll(async () => {
  platform = await startLtiPlatform({ clientId: CLIENT_ID, deploymentId: DEPLOYMENT });
  t = await createTestApp({ publicUrl: PUBLIC_URL }, clock);
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
  platformId = created.json().data.id;
  scene = await buildDeliveryScene(t.app, t.db, await loadSchemaRegistry());
  exam = await t.db
    .selectFrom('exams')
    .select(['id', 'name_en', 'name_ar', 'max_mark'])
    .where('id', '=', scene.exam.id)
    .executeTakeFirstOrThrow();
  browser = ltiBrowser(t.app, platform, { publicUrl: PUBLIC_URL, clientId: CLIENT_ID });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await platform?.close();
});

/** A teacher's deep linking request, launched: the choice page's address and the cookie it holds. */
async function requestLink(settings: Record<string, unknown> = {}) {
  const opened = await browser.launchThrough({ claims: platform.deepLinkClaims(settings) });
  expect(opened.statusCode, opened.body).toBe(302);
  expect(opened.headers.location).toBe('/lti/deep-link');
  // Nobody is signed in: the platform vouched for the teacher, for this choice only.
  expect(cookieOf(opened, 'ltm_session')).toBe('');
  return cookieOf(opened, COOKIE);
}

const choices = (cookie: string, lang: 'en' | 'ar' = 'en', q?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/lti/deep-link${q ? `?q=${encodeURIComponent(q)}` : ''}`,
    headers: { cookie, 'accept-language': lang },
  });

const choose = (cookie: string, examId: number | null, lang: 'en' | 'ar' = 'en') =>
  call(t.app, 'POST', '/api/lti/deep-link', { exam_id: examId }, { cookie, lang });

/** The teacher's browser posts the signed answer to the platform's return address, as the page's form does. */
async function postToPlatform(answer: { return_url: string; jwt: string }) {
  const response = await fetch(answer.return_url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ JWT: answer.jwt }),
  });
  expect(response.status).toBe(200);
  return platform.deepLinkAnswers.at(-1)!;
}

const audited = (action: string) =>
  t.db.selectFrom('audit_log').select(['summary', 'target', 'actor_id']).where('action', '=', action).execute();

describe('LTI deep linking', () => {
  it('shows a teacher the open published exams in their language, and sends the chosen one back signed, with a line item; the link then launches a learner into it', async () => {
    const cookie = await requestLink();
    const listed = await choices(cookie, 'ar');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual({
      platform: 'مودل المدرسة',
      line_item: true,
      exams: [
        {
          id: exam.id,
          name: exam.name_ar,
          start_date_time: '2026-06-01 08:00:00',
          end_date_time: '2026-06-30 15:00:00',
          max_mark: Number(exam.max_mark),
        },
      ],
    });
    expect(
      (await choices(cookie, 'en', exam.name_en.slice(0, 4))).json().exams.map((e: { id: number }) => e.id),
    ).toEqual([exam.id]);
    expect((await choices(cookie, 'en', '100%_\\')).json().exams).toEqual([]);

    // A state-changing call needs the console's header, as every other.
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/lti/deep-link',
      headers: { cookie, 'content-type': 'application/json' },
      payload: { exam_id: exam.id },
    });
    expect(crossSite.statusCode).toBe(403);

    const answered = await choose(cookie, exam.id);
    expect(answered.statusCode, answered.body).toBe(200);
    const answer = answered.json() as { return_url: string; jwt: string };
    expect(answer.return_url).toBe(`${platform.origin}/moodle/deep-link-return`);
    const { payload, header } = await postToPlatform(answer);
    const keys = (await t.app.inject({ method: 'GET', url: '/api/lti/jwks' })).json().keys as { kid: string }[];
    expect(keys.map((k) => k.kid)).toContain(header.kid);
    expect(payload).toMatchObject({
      iss: CLIENT_ID,
      aud: platform.issuer,
      [`${LTI_CLAIM}message_type`]: 'LtiDeepLinkingResponse',
      [`${LTI_CLAIM}version`]: '1.3.0',
      [`${LTI_CLAIM}deployment_id`]: DEPLOYMENT,
      'https://purl.imsglobal.org/spec/lti-dl/claim/data': 'moodle-course-12',
      'https://purl.imsglobal.org/spec/lti-dl/claim/content_items': [
        {
          type: 'ltiResourceLink',
          title: exam.name_en,
          url: `${PUBLIC_URL}/api/lti/launch`,
          custom: { exam_id: String(exam.id) },
          lineItem: {
            scoreMaximum: Number(exam.max_mark),
            label: exam.name_en,
            resourceId: `exam-${exam.id}`,
            tag: 'exam',
          },
        },
      ],
    });
    expect(typeof payload.nonce).toBe('string');
    expect(Number(payload.exp) - Number(payload.iat)).toBeLessThanOrEqual(300);
    expect(await audited('lti_platforms.exam_linked')).toEqual([
      {
        summary: { subject: 'moodle-teacher-3', exam_id: exam.id },
        target: `lti-platforms/${platformId}`,
        actor_id: null,
      },
    ]);

    // Answered once: the page, a second tab or a replay finds it gone.
    const again = await choose(cookie, exam.id, 'ar');
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('انتهت صلاحية هذا الاختيار أو تمّ من قبل. افتح إعدادات النشاط في المقرر من جديد.');
    expect((await choices(cookie)).statusCode).toBe(401);

    // The link the platform made: a learner's launch carries its custom parameter and opens the exam.
    const item = (
      payload['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'] as Record<string, unknown>[]
    )[0]!;
    const author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
    const window = { start_date_time: '2026-06-02 08:00:00', end_date_time: '2026-06-20 15:00:00' };
    expect((await assign(t.app, author, exam.id, { ...window, school_ids: [scene.school.id] })).statusCode).toBe(200);
    const student = scene.students[0]!;
    await t.db.updateTable('students').set({ student_number: 'LTI-5521' }).where('id', '=', student.id).execute();
    const opened = await browser.launchThrough({
      claims: { [`${LTI_CLAIM}custom`]: item.custom, [`${LTI_CLAIM}roles`]: [LEARNER] },
    });
    expect(opened.statusCode, opened.body).toBe(302);
    expect(opened.headers.location).toMatch(/^\/my-exams\/\d+$/);
  });

  it('leaves the activity without an exam when the teacher cancels, and offers no line item the platform will not take', async () => {
    const cookie = await requestLink({ accept_lineitem: false, data: { course: 12 } });
    expect((await choices(cookie)).json().line_item).toBe(false);
    const cancelled = await choose(cookie, null);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const { payload } = await postToPlatform(cancelled.json());
    expect(payload['https://purl.imsglobal.org/spec/lti-dl/claim/content_items']).toEqual([]);
    expect(payload['https://purl.imsglobal.org/spec/lti-dl/claim/data']).toEqual({ course: 12 });
    expect((await audited('lti_platforms.link_cancelled')).map((row) => row.summary)).toEqual([
      { subject: 'moodle-teacher-3', exam_id: null },
    ]);

    const plain = await requestLink({ accept_lineitem: false });
    const linked = await choose(plain, exam.id);
    const content = decodeJwt(linked.json().jwt)['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'];
    expect(content).toEqual([
      {
        type: 'ltiResourceLink',
        title: exam.name_en,
        url: `${PUBLIC_URL}/api/lti/launch`,
        custom: { exam_id: String(exam.id) },
      },
    ]);
    expect(decodeProtectedHeader(linked.json().jwt).alg).toBe('RS256');
  });

  it("lets the platform's page frame the choice, and its form post there, only while a request waits; no other page", async () => {
    const directive = (response: { headers: Record<string, unknown> }, name: string) =>
      new RegExp(`${name} ([^;]*)`).exec(String(response.headers['content-security-policy']))?.[1];
    const page = (cookie = '') =>
      t.app.inject({ method: 'GET', url: '/lti/deep-link', headers: cookie ? { cookie } : {} });
    const cookie = await requestLink();
    const waiting = await page(cookie);
    expect(directive(waiting, 'form-action')).toBe(`'self' ${platform.origin}`);
    expect(directive(waiting, 'frame-ancestors')).toBe(`'self' ${platform.origin}`);
    expect(waiting.headers['x-frame-options']).toBeUndefined();
    for (const [name, response] of [
      ['no request', await page()],
      ['an unknown token', await page(`${COOKIE}=not-a-token`)],
      ['another page', await t.app.inject({ method: 'GET', url: '/login', headers: { cookie } })],
      ['another spelling', await t.app.inject({ method: 'GET', url: '/LTI/deep-link', headers: { cookie } })],
    ] as const) {
      expect([name, directive(response, 'form-action'), directive(response, 'frame-ancestors')]).toEqual([
        name,
        "'self'",
        "'none'",
      ]);
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
    // Its cookie can reach a frame of the platform's page: SameSite=None, Secure, partitioned (CHIPS).
    const launched = await browser.launchThrough({ claims: platform.deepLinkClaims() });
    expect(launched.headers['set-cookie']).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^ltm_lti_link=[^;]+; Max-Age=1800; Path=\/; HttpOnly; Secure; Partitioned; SameSite=None$/,
        ),
      ]),
    );
    await choose(cookie, null);
  });

  it('refuses an exam not published, ended or unknown, in the reader language, and answers nothing', async () => {
    const cookie = await requestLink();
    await t.db.updateTable('exams').set({ is_published: false }).where('id', '=', exam.id).execute();
    try {
      expect((await choices(cookie)).json().exams).toEqual([]);
      const refused = await choose(cookie, exam.id, 'ar');
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ exam_id: ['لم يعد هذا الاختبار منشورًا أو مفتوحًا. اختر غيره.'] });
    } finally {
      await t.db.updateTable('exams').set({ is_published: true }).where('id', '=', exam.id).execute();
    }
    // Unknown, or nothing an id can be: refused, the request still waiting for a choice.
    for (const examId of [exam.id + 1000, 0, -1, 'x', 2 ** 31, 1.5])
      expect([examId, (await choose(cookie, examId as number)).statusCode]).toEqual([examId, 422]);
    expect((await choices(cookie)).statusCode).toBe(200);
    // Ended (its window closed an hour ago): no longer offered.
    const ended = new Date(clock.now().getTime() - 3600_000);
    await t.db.updateTable('exams').set({ end_date_time: ended }).where('id', '=', exam.id).execute();
    try {
      expect((await choices(cookie)).json().exams).toEqual([]);
      expect((await choose(cookie, exam.id)).statusCode).toBe(422);
    } finally {
      await t.db
        .updateTable('exams')
        .set({ end_date_time: new Date('2026-06-30T15:00:00Z') })
        .where('id', '=', exam.id)
        .execute();
    }
  });

  it('refuses a learner, a platform that takes no links, an address not on the web, oversized data, and a choice without its cookie or from a platform switched off', async () => {
    const learner = { ...platform.deepLinkClaims(), [`${LTI_CLAIM}roles`]: [LEARNER], sub: 'moodle-learner-1' };
    expect(browser.refusalOf(await browser.launchThrough({ claims: learner }))).toBe('not_teacher');
    expect((await audited('lti_platforms.launch_refused')).map((row) => row.summary)).toContainEqual({
      reason: 'not_teacher',
      subject: 'moodle-learner-1',
      exam_id: null,
    });
    // A teacher named by the context role's short name, as LTI still allows, may choose.
    const shortName = { ...platform.deepLinkClaims(), [`${LTI_CLAIM}roles`]: ['Instructor'] };
    const chosen = await browser.launchThrough({ claims: shortName });
    expect(chosen.headers.location).toBe('/lti/deep-link');
    // The page opens in the teacher's language at the platform, where it is one of ours.
    for (const [locale, location] of [
      ['ar-SA', '/lti/deep-link?lang=ar'],
      ['en_GB', '/lti/deep-link?lang=en'],
      ['fr-FR', '/lti/deep-link'],
      ['arabic', '/lti/deep-link'],
    ]) {
      const claims = { ...platform.deepLinkClaims(), [`${LTI_CLAIM}launch_presentation`]: { locale } };
      expect([locale, (await browser.launchThrough({ claims })).headers.location]).toEqual([locale, location]);
    }
    for (const settings of [
      { data: 'course \ud800' },
      { data: { nested: ['\u0000'] } },
      { accept_types: ['file', 'html'] },
      { deep_link_return_url: 'javascript:alert(1)' },
      { deep_link_return_url: null },
      { data: 'x'.repeat(5000) },
    ]) {
      const login = await browser.initiate();
      const token = await platform.idToken(login.nonce, { claims: platform.deepLinkClaims(settings) });
      expect([settings, browser.refusalOf(await browser.launch(token, login.state))]).toEqual([settings, 'failed']);
    }
    const noSettings = { ...platform.deepLinkClaims(), [DL_SETTINGS]: undefined };
    const login = await browser.initiate();
    const token = await platform.idToken(login.nonce, { claims: noSettings });
    expect(browser.refusalOf(await browser.launch(token, login.state))).toBe('failed');

    for (const cookie of ['', `${COOKIE}=not-a-token`]) {
      expect((await choices(cookie)).statusCode).toBe(401);
      const refused = await choose(cookie, exam.id);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(
        'This choice has expired or was already made. Open the activity settings in your course again.',
      );
    }
    const cookie = await requestLink();
    await t.db.updateTable('lti_platforms').set({ is_active: false }).execute();
    try {
      expect((await choices(cookie)).statusCode).toBe(401);
      expect((await choose(cookie, exam.id)).statusCode).toBe(401);
    } finally {
      await t.db.updateTable('lti_platforms').set({ is_active: true }).execute();
    }
    // Half an hour to choose.
    clock.advance(31 * 60);
    try {
      expect((await choices(cookie)).statusCode).toBe(401);
    } finally {
      clock.set(new Date('2026-06-05T09:00:00Z'));
    }
  });
});
