import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { catalogs } from '../../locales/index';
import { INSTRUCTOR, LEARNER, LTI_CLAIM, startLtiPlatform } from '../helpers/lti-platform';
import { ltiPlatformBody } from '../helpers/lti-flow';
import { e2eBaseUrl, launchBrowser, pageApi, pageReady, screenshot, signInThroughForm } from './browser';

/**
 * Issue 46, LTI deep linking in Chromium: a school's LMS (the platform in this test process, over
 * real HTTP, on another site) opens our tool in a frame of its course page, as Moodle's and
 * Canvas's content selection do; the frame goes through the LTI login to our exam choice; the
 * teacher, in Arabic, chooses an exam by keyboard; the page posts our signed answer to the
 * platform, which checks it against our key set. The frame keeps our cookies (partitioned,
 * SameSite=None) across the platform's cross-site form post, our page lets that site frame it, and
 * the console starts though the browser denies a framed site its storage (as Chromium's contexts
 * do), in the language the launch gave. And a course teacher's launch in a window of its own: the
 * first one asks them to sign in here and confirm the link of their account; the next signs them in,
 * to the exam's monitor.
 */
const baseUrl = e2eBaseUrl();
// The server's own address (PUBLIC_URL defaults to localhost): the launch comes back there.
const serverUrl = baseUrl.replace('127.0.0.1', 'localhost');
const ar = catalogs.ar;
const clientId = `e2e-tool-${Date.now()}`;
const deploymentId = 'e2e-deployment';
let browser: Browser;
let platform: Awaited<ReturnType<typeof startLtiPlatform>>;
/** A published exam of the demo: the activity a teacher's launch names. */
let examId: number;
/** The demo's student with an account (the first by id): a course's learner here. */
let studentNumber: string;

beforeAll(async () => {
  browser = await launchBrowser();
  platform = await startLtiPlatform({ clientId, deploymentId });
  platform.trustTool(async () => (await fetch(`${baseUrl}/api/lti/jwks`)).json());
  const staff = await browser.newContext();
  const admin = await staff.newPage();
  await signInThroughForm(admin, baseUrl, 'admin@example.com');
  await pageApi(admin, 'POST', '/lti-platforms', ltiPlatformBody(platform, { clientId, deploymentId }));
  const exams = await pageApi<{ data: { id: number; is_published: boolean }[] }>(admin, 'GET', '/exams?per_page=100');
  examId = exams.data.find((exam) => exam.is_published)!.id;
  const students = await pageApi<{ data: { student_number: string }[] }>(
    admin,
    'GET',
    '/students?sort=id&order=asc&per_page=1',
  );
  studentNumber = students.data[0]!.student_number;
  await staff.close();
});
afterAll(async () => {
  await browser?.close();
  await platform?.close();
});

describe('LTI deep linking in a browser', () => {
  it("lets a teacher choose an exam in Arabic by keyboard, in a frame of the course's page; the platform receives the signed link", async () => {
    const context = await browser.newContext({ viewport: { width: 1300, height: 900 }, locale: 'ar' });
    const page = await context.newPage();
    // The teacher's language at the platform: the frame may have no storage of ours to remember one.
    platform.launchNext({
      ...platform.deepLinkClaims(),
      'https://purl.imsglobal.org/spec/lti/claim/launch_presentation': { locale: 'ar-SA', document_target: 'iframe' },
    });
    const login = new URLSearchParams({ iss: platform.issuer, login_hint: 'teacher-3', client_id: clientId });
    await page.goto(platform.coursePage(`${serverUrl}/api/lti/login?${login}`));
    const frame = page.frameLocator('iframe[title="Tool"]');
    const exams = frame.getByRole('radiogroup', { name: ar.lti.deep_link.list_label });
    await exams.waitFor({ timeout: 30_000 });
    const tool = page.frames().find((f) => f.url().startsWith(`${serverUrl}/lti/deep-link`))!;
    await pageReady(tool);
    expect(await tool.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await frame.getByRole('heading', { level: 1 }).textContent()).toBe(ar.lti.deep_link.title);
    const first = exams.getByRole('radio').first();
    const examId = Number(await first.getAttribute('value'));
    const examName = await exams.getByTestId('exam-name').first().textContent();
    expect(examName).toMatch(/\p{Script=Arabic}/u);
    await screenshot(page, 'lti-deep-link-ar');

    // The keyboard only: the first exam chosen, then on to the button and Enter.
    await first.focus();
    await page.keyboard.press('Space');
    expect(await first.isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await tool.evaluate(() => document.activeElement?.textContent)).toBe(ar.lti.deep_link.add);
    await page.keyboard.press('Enter');
    // The answer went to the platform inside its frame: the course page is still around it.
    await frame.locator('#linked').waitFor({ timeout: 30_000 });
    expect(await frame.locator('#linked').textContent()).toBe('Activity saved');
    expect(await page.getByRole('heading', { name: 'Course 12' }).count()).toBe(1);

    const { payload } = platform.deepLinkAnswers.at(-1)!;
    expect(payload['https://purl.imsglobal.org/spec/lti-dl/claim/content_items']).toEqual([
      expect.objectContaining({
        type: 'ltiResourceLink',
        title: examName,
        url: `${serverUrl}/api/lti/launch`,
        custom: { exam_id: String(examId) },
      }),
    ]);
    await context.close();
  });

  it("signs a course's teacher in, in Arabic, to the exam's monitor once they linked their own account by keyboard", async () => {
    const teacherLaunch = {
      sub: 'moodle-teacher-e2e',
      [`${LTI_CLAIM}roles`]: [INSTRUCTOR],
      [`${LTI_CLAIM}custom`]: { exam_id: String(examId) },
      [`${LTI_CLAIM}launch_presentation`]: { locale: 'ar-SA', document_target: 'window' },
    };
    const login = new URLSearchParams({ iss: platform.issuer, login_hint: 'teacher-7', client_id: clientId });
    const context = await browser.newContext({ viewport: { width: 1300, height: 900 }, locale: 'ar' });
    const page = await context.newPage();
    platform.launchNext(teacherLaunch);
    // The activity opened in a window of its own: the launch comes back, and nobody is signed in here yet.
    await page.goto(`${serverUrl}/api/lti/login?${login}`);
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 });
    await page.getByText(ar.login.account_link_first).waitFor();
    await screenshot(page, 'lti-account-link-sign-in-ar');
    await page.locator('input[name="email"]').fill('admin@example.com');
    await page.locator('input[name="password"]').fill('Demo@2026');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/lti/account-link', { timeout: 20_000 });
    const confirm = page.getByRole('button', { name: ar.lti.account_link.confirm });
    await confirm.waitFor();
    await pageReady(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      ar.lti.account_link.title.replace('%{platform}', 'مودل المدرسة'),
    );
    await screenshot(page, 'lti-account-link-ar');
    await confirm.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/exams/${examId}/monitor`, { timeout: 20_000 });
    await context.close();

    // The next launch, in a browser that has never signed in here, goes straight to the monitor.
    const next = await browser.newContext({ locale: 'ar' });
    const again = await next.newPage();
    platform.launchNext(teacherLaunch);
    await again.goto(`${serverUrl}/api/lti/login?${login}`);
    await again.waitForURL((url) => url.pathname === `/exams/${examId}/monitor`, { timeout: 30_000 });
    await pageReady(again);
    expect(new URL(again.url()).pathname).toBe(`/exams/${examId}/monitor`);
    expect(await again.locator('input[name="password"]').count()).toBe(0);
    // The account's page shows the link to administrators, in Arabic, with the platform's name.
    const me = await pageApi<{ data: { id: number } }>(again, 'GET', '/user');
    await again.addInitScript(() => window.localStorage.setItem('language', 'ar'));
    await again.setViewportSize({ width: 1300, height: 1400 });
    await again.goto(`${serverUrl}/settings/users/${me.data.id}`);
    const linked = again.getByTestId('linked-sign-ins');
    await linked.getByText('moodle-teacher-e2e').waitFor({ timeout: 20_000 });
    await pageReady(again);
    expect(await linked.textContent()).toContain('مودل المدرسة');
    await screenshot(again, 'lti-linked-sign-ins-ar');
    await next.close();
  });

  it("opens a learner's assignment from their course, in Arabic, and the session holds though the browser stored no user", async () => {
    const probe = await browser.newContext();
    const own = await probe.newPage();
    await signInThroughForm(own, baseUrl, 'student@example.com');
    const assignments = await pageApi<{ data: { id: number; exam: { id: number; name_ar: string } }[] }>(
      own,
      'GET',
      '/student/exams',
    );
    const assignment = assignments.data[0]!;
    await probe.close();

    const context = await browser.newContext({ viewport: { width: 1300, height: 900 }, locale: 'ar' });
    const page = await context.newPage();
    platform.launchNext({
      sub: 'moodle-pupil-e2e',
      [`${LTI_CLAIM}roles`]: [LEARNER],
      [`${LTI_CLAIM}lis`]: { person_sourcedid: studentNumber },
      [`${LTI_CLAIM}custom`]: { exam_id: String(assignment.exam.id) },
      // The learner's language at the platform: the page opens in it.
      [`${LTI_CLAIM}launch_presentation`]: { locale: 'ar-SA', document_target: 'window' },
    });
    const login = new URLSearchParams({ iss: platform.issuer, login_hint: 'pupil-3', client_id: clientId });
    await page.goto(`${serverUrl}/api/lti/login?${login}`);
    await page.waitForURL((url) => url.pathname === `/my-exams/${assignment.id}`, { timeout: 30_000 });
    await pageReady(page);
    // The assignment's page, in Arabic, names the exam.
    await page.getByText(assignment.exam.name_ar).first().waitFor({ timeout: 20_000 });
    await pageReady(page);
    const me = await pageApi<{ data: { roles: { role: string }[] } }>(page, 'GET', '/user');
    expect(me.data.roles.map((role) => role.role)).toEqual(['com.ltm.roles.student']);
    expect(new URL(page.url()).pathname).toBe(`/my-exams/${assignment.id}`);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await screenshot(page, 'lti-student-launch-ar');
    await context.close();
  });
});
