import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Language } from '../../locales';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { seriousAxeIssues, type AxeIssue } from './axe';
import { e2eBaseUrl, launchBrowser, pageApi, pageReady, signInThroughForm, visit } from './browser';

/**
 * WCAG 2.2 AA, measured by axe-core on every screen a role reaches, in one language (the files
 * accessibility-en.e2e.ts and accessibility-ar.e2e.ts run the two side by side)
 * (Arabic contrast checked too: see axe.ts): the generic screens of every declared resource (list,
 * create, edit), the custom pages (exam preview, assignment, item analysis, monitor, localization,
 * correction, reports, web reports, audit log, imports), each role's home and profile, the
 * student's exams and result, and the not-found and restricted pages. No serious or critical
 * violation anywhere.
 */
const baseUrl = e2eBaseUrl();
let browser: Browser;

type Finding = { path: string; issues: AxeIssue[] };

/**
 * Lets a screen finish its first reads (lists, charts, a select's choices) before it is audited: the
 * console's page-ready signal, with no progress bar showing; a screen that keeps one past 20 s is
 * audited once its reads are done.
 */
async function settle(page: Page) {
  await pageReady(page, { timeout: 20_000 }).catch(() => pageReady(page, { progress: false, timeout: 20_000 }));
  // Audited at rest: a notification fading in has text of no contrast yet (1.01 seen), so a
  // transition still running is let finish (a spinner's endless animation is not waited for).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

async function audit(
  email: string | null,
  language: Language,
  paths: (page: Page) => Promise<string[]>,
): Promise<Finding[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  const page = await context.newPage();
  // The language first: the console that the sign-in opens, and that each path is then reached in
  // by its router, is already in it.
  await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
  if (email) await signInThroughForm(page, baseUrl, email);
  const findings: Finding[] = [];
  for (const path of await paths(page)) {
    const started = Date.now();
    await visit(page, path);
    await settle(page);
    const issues = await seriousAxeIssues(page);
    if (process.env.A11Y_TIMES) console.log(`${language} ${path} ${Date.now() - started} ms`);
    if (issues.length > 0) findings.push({ path, issues });
  }
  await context.close();
  return findings;
}

const firstId = async (page: Page, apiPath: string): Promise<number | undefined> => {
  const answer = await pageApi<{ data: { id: number }[] }>(page, 'GET', apiPath).catch(() => ({ data: [] }));
  return answer.data[0]?.id;
};

/** The first link on `path` whose address matches, as a user would follow it. */
async function linkOn(page: Page, path: string, pattern: RegExp): Promise<string | undefined> {
  await visit(page, path);
  await settle(page);
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.find((href) => pattern.test(href));
}

async function staffPaths(page: Page): Promise<string[]> {
  const registry = await loadSchemaRegistry();
  const paths: string[] = [];
  for (const definition of registry.screens()) {
    const list = definition.menu.route;
    paths.push(list, `${list}/create`);
    const id = await firstId(page, `/${definition.name}?per_page=1`);
    if (id !== undefined) paths.push(`${list}/${id}`);
  }
  const exam = await firstId(page, '/exams?per_page=1&sort=id&order=asc');
  const question = await firstId(page, '/questions-bank?per_page=1');
  // The ten answer types' editors: one question of each kind from the demo bank.
  const bank = await pageApi<{ data: { id: number; answer_type: string }[] }>(
    page,
    'GET',
    '/questions-bank?per_page=100',
  );
  const editors = [...new Map(bank.data.map((q) => [q.answer_type, q.id])).values()].map(
    (id) => `/questions-bank/${id}/edit`,
  );
  const report = await firstId(page, '/reports?per_page=1');
  paths.push(
    '/exams',
    '/exams/create',
    `/exams/${exam}/edit`,
    `/exams/${exam}/preview`,
    `/exams/${exam}/assign`,
    `/exams/${exam}/item-analysis`,
    `/exams/${exam}/preview/students`,
    `/exams/${exam}/localize`,
    `/exams/${exam}/monitor`,
    '/questions-bank',
    '/questions-bank/create',
    ...editors,
    `/questions-bank/${question}/preview`,
    '/questions-bank/interchange',
    '/generated-reports',
    ...(report ? [`/generated-reports/${report}/view`] : []),
    '/schools-list',
    '/web-reports',
    '/settings/audit-log',
    '/settings/privacy',
    '/settings/roster',
    '/settings/exams/calibrations',
    '/settings/exams/bookmark',
    '/settings/exams/adaptive-simulator',
    '/demo-requests',
    '/profile',
    '/no/such/page',
  );
  return paths;
}

const ROLES: { email: string | null; paths: (page: Page) => Promise<string[]> }[] = [
  // Anyone: the landing page (its demo request form) and the sign-in page.
  { email: null, paths: async () => ['/', '/login'] },
  { email: 'admin@example.com', paths: staffPaths },
  {
    email: 'author@example.com',
    paths: async (page) => {
      const exam = await firstId(page, '/exams?per_page=1');
      return [
        '/exams',
        `/exams/${exam}/preview`,
        '/questions-bank',
        '/web-reports',
        '/profile',
        '/settings/users/create',
      ];
    },
  },
  {
    email: 'corrector@example.com',
    paths: async (page) => {
      const correction = await linkOn(page, '/marking', /\/correction$/);
      return ['/marking', ...(correction ? [correction] : []), '/profile'];
    },
  },
  {
    email: 'school@example.com',
    paths: async () => [
      '/my-school',
      '/schools-list',
      '/settings/roster',
      '/generated-reports',
      '/web-reports',
      '/profile',
    ],
  },
  {
    email: 'student@example.com',
    paths: async (page) => {
      const result = await linkOn(page, '/my-exams', /\/result$/);
      return ['/my-exams', ...(result ? [result] : [])];
    },
  },
];

/** The audit of every role's screens in `language`, as one test per role. */
export function auditEveryScreen(language: Language) {
  describe(`WCAG 2.2 AA on every screen, each role, in ${language} (axe-core)`, () => {
    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
    });
    for (const { email, paths } of ROLES) {
      it(`${email ?? 'a visitor'} in ${language}`, { timeout: 600_000 }, async () => {
        const findings = await audit(email, language, paths);
        const report = findings.flatMap(({ path, issues }) =>
          issues.map(
            (issue) =>
              `${path} [${issue.impact}] ${issue.id}: ${issue.help}\n    ${issue.nodes.slice(0, 3).join('\n    ')}`,
          ),
        );
        expect(report, report.join('\n')).toEqual([]);
      });
    }
  });
}
