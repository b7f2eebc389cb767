import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../../helpers/raw-http';
import { ROLE_NAMES, serveDemoApp, type RoleName, type ServedApp } from '../../helpers/served-app';
import { loadOperations, type Operation } from './operations';

/**
 * No staff-only field reaches a reader who must not see it. Every GET operation is read by every demo
 * role on the demo data: lists as they are, and single records with the first id of their list. Each
 * answer is walked key by key; the keys below must never appear for the roles named.
 */
const NEVER = ['password', 'password_hash', 'id_hash', 'session_id', 'token', 'secret'];
const KEYS_ONLY_FOR: Record<string, RoleName[]> = {
  // Answer keys: authors and administrators (and correctors, who mark against them).
  answer_key: ['admin', 'author', 'corrector'],
  correct: ['admin', 'author', 'corrector'],
  // Other people's addresses: the users list and demo requests are the administrator's.
  email: ['admin'],
};
/** A reader's own account, where their own email is expected. */
const OWN = new Set(['/api/user']);

function keysOf(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, found);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      found.add(key);
      keysOf(inner, found);
    }
  return found;
}

let s: ServedApp;
let operations: Operation[];
beforeAll(async () => {
  s = await serveDemoApp();
  operations = (await loadOperations(s.base)).filter((o) => o.method === 'GET');
}, 120_000);
afterAll(() => s.close());

const get = async (role: RoleName, path: string) => {
  const response = await rawRequest(s.base, 'GET', path, {
    headers: { cookie: s.cookies[role], 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' },
  });
  return {
    status: response.status,
    body: response.headers['content-type']?.includes('json') ? JSON.parse(response.body) : null,
  };
};

/** The concrete paths to read: a list as it is; `/x/{id}` with the first id of `/x`. */
async function pathsOf(role: RoleName): Promise<string[]> {
  const paths: string[] = [];
  for (const operation of operations) {
    const params = [...operation.path.matchAll(/\{(\w+)\}/g)];
    if (params.length === 0) paths.push(operation.path);
    else if (params.length === 1 && operation.path.endsWith('/{id}')) {
      const list = await get(role, operation.path.slice(0, -'/{id}'.length));
      const first = list.status === 200 ? (list.body?.data?.[0]?.id as number | undefined) : undefined;
      if (first !== undefined) paths.push(operation.path.replace('{id}', String(first)));
    }
  }
  return paths;
}

describe('no staff-only field leaks', () => {
  it.each(ROLE_NAMES)('shows %s no key it must not see, on any GET it may read', async (role) => {
    const leaks: string[] = [];
    let read = 0;
    for (const path of await pathsOf(role)) {
      const { status, body } = await get(role, path);
      if (status !== 200 || body === null) continue;
      read++;
      for (const key of keysOf(body)) {
        if (NEVER.includes(key)) leaks.push(`${path}: ${key}`);
        const allowed = KEYS_ONLY_FOR[key];
        if (allowed && !allowed.includes(role) && !(key === 'email' && OWN.has(path))) leaks.push(`${path}: ${key}`);
      }
    }
    expect(read, 'the role reads something').toBeGreaterThan(0);
    expect(leaks).toEqual([]);
  });
});
