import type { AddressInfo } from 'node:net';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/demo/demo-accounts';
import { createDemoApp } from './demo-template';
import type { TestContext } from './test-app';
import { rawSignIn } from './raw-http';

export type RoleName = 'admin' | 'author' | 'corrector' | 'school' | 'student';
export const ROLE_NAMES: RoleName[] = ['admin', 'author', 'corrector', 'school', 'student'];

export interface ServedApp extends TestContext {
  base: string;
  cookies: Record<RoleName, string>;
}

/** The whole app listening on a loopback port, on a fresh database with the demo data, signed in once per demo role. */
export async function serveDemoApp(): Promise<ServedApp> {
  const t = await createDemoApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const cookies = {} as Record<RoleName, string>;
  for (const account of DEMO_ACCOUNTS) {
    const role = account.role.split('.').pop() as RoleName;
    cookies[role] = await rawSignIn(base, account.email, DEMO_PASSWORD);
  }
  return { ...t, base, cookies };
}
