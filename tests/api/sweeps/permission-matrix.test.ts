import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../../helpers/raw-http';
import { ROLE_NAMES, serveDemoApp, type ServedApp } from '../../helpers/served-app';
import { loadOperations, samplePath, type Operation } from '../security/operations';
import { ENCODED_VARIANTS } from '../security/path-variants';

/**
 * The permission matrix: every operation of the OpenAPI document, with the status each role gets
 * (`anonymous` signed out, the five demo roles signed in), run against the real server over HTTP.
 * Path ids name no record and bodies are `{}`, so a role that passes the guard gets 404 or 422 and
 * nothing changes, while a role that does not gets 401 or 403. Adding a route means adding its row.
 * `UPDATE_PERMISSION_MATRIX=1` rewrites the file from what the server answers: review the diff.
 */
const MATRIX_FILE = new URL('./permission-matrix.json', import.meta.url);
const COLUMNS = ['anonymous', ...ROLE_NAMES] as const;
type Row = Record<(typeof COLUMNS)[number], number>;
type Matrix = { operations: Record<string, Row> };

const expected: Matrix = JSON.parse(fs.readFileSync(MATRIX_FILE, 'utf8'));

let s: ServedApp;
let operations: Operation[];
beforeAll(async () => {
  s = await serveDemoApp();
  operations = await loadOperations(s.base);
}, 120_000);
afterAll(() => s.close());

function send(operation: Operation, target: string, cookie?: string) {
  const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' };
  if (cookie) headers.cookie = cookie;
  if (operation.method === 'GET') return rawRequest(s.base, operation.method, target, { headers });
  return rawRequest(s.base, operation.method, target, {
    headers: { ...headers, 'content-type': 'application/json' },
    body: '{}',
  });
}

describe('permission matrix', () => {
  it('lists every /api route of the server, and only those, in the OpenAPI document and in the matrix', () => {
    const served = s.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    const documented = operations.map((o) => o.key);
    const sorted = (keys: string[]) => [...new Set(keys)].sort((a, b) => a.localeCompare(b));
    expect(sorted(served)).toEqual(documented);
    expect(sorted(Object.keys(expected.operations))).toEqual(documented);
  });

  it('gives every role exactly the status the matrix says, for every operation', async () => {
    const observed: Record<string, Row> = {};
    const ordered = [
      ...operations.filter((o) => o.key !== 'POST /api/logout'),
      ...operations.filter((o) => o.key === 'POST /api/logout'),
    ];
    for (const operation of ordered) {
      const row = {} as Row;
      const target = samplePath(operation.path);
      row.anonymous = (await send(operation, target)).status;
      for (const role of ROLE_NAMES) row[role] = (await send(operation, target, s.cookies[role])).status;
      observed[operation.key] = row;
    }
    if (process.env.UPDATE_PERMISSION_MATRIX) {
      // One operation per line, so a change of rule reads as a one-line diff.
      const rows = Object.entries(observed)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(
          ([key, row]) => `    ${JSON.stringify(key)}: ${JSON.stringify(row).replace(/,/g, ', ').replace(/:/g, ': ')}`,
        );
      fs.writeFileSync(MATRIX_FILE, `{\n  "operations": {\n${rows.join(',\n')}\n  }\n}\n`);
    }
    const differences = Object.entries(observed).flatMap(([key, row]) =>
      COLUMNS.filter((role) => expected.operations[key]?.[role] !== row[role]).map(
        (role) => `${key} as ${role}: expected ${expected.operations[key]?.[role]}, got ${row[role]}`,
      ),
    );
    expect(differences).toEqual([]);
    // Nobody signed out passes a guard; nothing but the public routes answer anything but 401.
    for (const [key, row] of Object.entries(observed)) {
      if (row.anonymous !== 401)
        expect(
          [
            'POST /api/login',
            // The second step of a sign-in: its challenge token stands in for the session.
            'POST /api/login/mfa',
            'POST /api/logout',
            'POST /api/demo-requests',
            'GET /api/health',
            'GET /api/health/live',
            'GET /api/health/ready',
            'GET /api/config',
            // SEB opens the launch link without the student's session (a .seb file, or 404).
            'GET /api/seb/exams/{id}/config.seb',
            // Single sign-on: the sign-in page's buttons, and the browser's way to the provider and back.
            'GET /api/sso/providers',
            'GET /api/sso/{key}/start',
            'GET /api/sso/{key}/callback',
            // SAML: our metadata, the identity provider's posted answer, the browser taking it.
            'GET /api/sso/{key}/metadata',
            'POST /api/sso/{key}/acs',
            'GET /api/sso/{key}/complete',
            // LTI 1.3: our key set, a launch's login (GET or the platform's POST), its launch, the browser taking it.
            'GET /api/lti/jwks',
            'GET /api/lti/login',
            'POST /api/lti/login',
            'POST /api/lti/launch',
            'GET /api/lti/complete',
            // LTI deep linking: the teacher's choice, held by the cookie its verified request left.
            'GET /api/lti/deep-link',
            'POST /api/lti/deep-link',
          ],
          key,
        ).toContain(key);
    }
  }, 300_000);

  it('answers 404, and nothing else, to every encoded or non-canonical spelling of every route', async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const operation of operations) {
      const target = samplePath(operation.path);
      for (const [name, variant] of Object.entries(ENCODED_VARIANTS)) {
        const response = await send(operation, variant(target));
        requests++;
        if (response.status !== 404)
          failures.push(
            `${operation.method} ${variant(target)} (${name}): ${response.status} ${response.body.slice(0, 80)}`,
          );
      }
    }
    console.log(`encoded variants: operations ${operations.length}, requests ${requests}, not 404: ${failures.length}`);
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers 404 to the reported reproduction: an anonymous POST /%61pi/users creates no administrator', async () => {
    const before = (await s.db.selectFrom('users').select('id').execute()).length;
    const response = await rawRequest(s.base, 'POST', '/%61pi/users', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', email: 'e@x.org', password: 'Pwned@2026xx', roles: ['com.ltm.roles.admin'] }),
    });
    expect(response.status).toBe(404);
    expect((await s.db.selectFrom('users').select('id').execute()).length).toBe(before);
  });
});
