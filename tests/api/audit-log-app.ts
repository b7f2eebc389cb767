import { afterAll, beforeAll } from 'vitest';
import type { SchemaRegistry } from '../../schemas/index';
import { ROLES } from '../../src/common/permissions';
import { ManualClock } from '../../src/server/clock';
import type { Db } from '../../src/server/db/database';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { call } from '../helpers/api-client';
import { buildCorrectionScene } from '../helpers/correction-factory';
import { buildUser, signIn } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';
import { catalogs } from '../../locales';
import { auditKeyLabel } from '../../src/client/audit-log/summaryParts';

/**
 * Issue 26, "Audit log": every consequential action writes its row (who, from where, on what,
 * which school, a short before and after, in which request), and only when it succeeds. The
 * audit-log-writes-* files share this app: an admin, an author and a corrector, and a correction
 * scene of two students.
 */
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
export let t: TestContext;
export let registry: SchemaRegistry;
export let scene: Awaited<ReturnType<typeof buildCorrectionScene>>;
export const people = {} as Record<'admin' | 'author' | 'corrector', { id: number; cookie: string }>;

/** The test app of the calling file, its people signed in and its scene built. */
export function useAuditLogApp() {
  beforeAll(async () => {
    t = await createTestApp({}, clock);
    registry = await loadSchemaRegistry();
    for (const [key, role] of [
      ['admin', ROLES.admin],
      ['author', ROLES.author],
      ['corrector', ROLES.corrector],
    ] as const) {
      const user = await buildUser(t.db, { role, name: `The ${key}` });
      people[key] = { id: user.id, cookie: await signIn(t.app, user) };
    }
    scene = await buildCorrectionScene(t.app, t.db, registry, { count: 2 });
  }, 120_000);
  afterAll(() => t.close());
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export const as = (who: keyof typeof people) => (method: Method, url: string, body?: unknown) =>
  call(t.app, method, url, body, { cookie: people[who].cookie });
export const author = as('author');
export const admin = as('admin');

/**
 * The rows of the audit log, and every key of their summaries (ids aside) that the console would
 * show raw, in either language, as "language key (action)".
 */
export async function unnamedSummaryKeys(db: Db) {
  const rows = await db.selectFrom('audit_log').select(['action', 'summary']).execute();
  const keysOf = (value: unknown): string[] =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
          key === 'before' || key === 'after' ? keysOf(inner) : [key, ...keysOf(inner)],
        )
      : [];
  const unnamed = new Set<string>();
  for (const language of ['en', 'ar'] as const) {
    // The console's own labelling over the catalog, as polyglot does it: a missing key gives its
    // default, and the last default is the bare key with spaces.
    const translate = (key: string, options?: Record<string, unknown>) =>
      (key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogs[language]) as
        string | undefined) ?? String(options?._);
    for (const row of rows) {
      const summary = (typeof row.summary === 'string' ? JSON.parse(row.summary) : row.summary) as Record<
        string,
        unknown
      >;
      for (const key of keysOf(summary))
        if (
          !/(^|_)ids?\]?$/.test(key) &&
          auditKeyLabel(key, row.action, translate) === key.replace(/^filter\[(.+)\]$/, '$1').replace(/_/g, ' ')
        )
          unnamed.add(`${language} ${key} (${row.action})`);
    }
  }
  return { rows, unnamed };
}
