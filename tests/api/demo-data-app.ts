import { afterAll, beforeAll, expect } from 'vitest';
import { call } from '../helpers/api-client';
import { signIn } from '../helpers/factories';
import { demoTemplate } from '../helpers/demo-template';
import { createTestApp, type TestContext } from '../helpers/test-app';

export let t: TestContext;
/** The demo's author, signed in. */
export let author: string;

/** A test app on a copy of the run's demo data for the calling file, its author signed in. */
export function useDemoData() {
  beforeAll(async () => {
    // The run's demo data, as the first start loads it (built once for every file that uses it).
    const template = await demoTemplate();
    expect(template.seeded).toMatchObject({ platforms: 2 });
    t = await createTestApp({}, undefined, template.frozen);
    author = await signIn(t.app, { email: 'author@example.com', password: 'Demo@2026' });
  }, 120_000);
  afterAll(() => t.close());
}

/** What the author reads at `url` (a 200). */
export const get = async (url: string) => {
  const response = await call(t.app, 'GET', url, undefined, { cookie: author });
  expect(response.statusCode, url).toBe(200);
  return response.json();
};
