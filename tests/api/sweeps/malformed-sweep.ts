import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../../helpers/raw-http';
import { serveDemoApp, type ServedApp } from '../../helpers/served-app';
import { changedTables, fingerprint, writeMark } from '../security/fingerprint';
import { casesFor } from '../security/malformed-cases';
import { loadOperations, samplePath, type Operation } from '../security/operations';

/**
 * The malformed-input sweep: every operation of the OpenAPI document gets a bounded battery of bad
 * requests per parameter and body field (wrong types, null, nesting, long text, NUL, lone
 * surrogates, out-of-range ids, unknown fields, wrong content types, truncated bodies), sent as an
 * administrator so they pass the guards. No answer may be a 500 or a dropped connection, and a
 * refused request (4xx) must change nothing in the database. The figures are printed, and written
 * to SWEEP_REPORT when that variable names a file.
 *
 * The operations are shared out between the files `malformed-input-<part>.test.ts`, one part each,
 * so that they run side by side (each on its own copy of the demo data).
 */
export const PARTS = 4;

export function malformedSweep(part: number) {
  let s: ServedApp;
  let operations: Operation[];
  beforeAll(async () => {
    s = await serveDemoApp();
    operations = (await loadOperations(s.base, s.cookies.admin))
      .filter((o) => o.key !== 'POST /api/logout')
      .filter((_operation, index) => index % PARTS === part - 1);
  }, 120_000);
  afterAll(() => s.close());

  describe(`malformed-input sweep, part ${part} of ${PARTS}`, () => {
    it('never answers 500, never drops the connection, and changes nothing when it refuses', async () => {
      const tally = { operations: operations.length, requests: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, dropped: 0 };
      const failures: string[] = [];
      // The whole-database fingerprint is taken again only when the write mark moved (a cheap probe),
      // so each refused request is checked on its own at little cost.
      let baseline = await fingerprint(s.db);

      for (const operation of operations) {
        const target = samplePath(operation.path);
        for (const sweepCase of casesFor(operation, target, (value) => samplePath(operation.path, value))) {
          const name = `${operation.key} [${sweepCase.label}]`;
          tally.requests++;
          let status: number;
          const markBefore = await writeMark(s.db);
          try {
            const response = await rawRequest(s.base, operation.method, sweepCase.target, {
              headers: {
                cookie: s.cookies.admin,
                'x-requested-with': 'XMLHttpRequest',
                accept: 'application/json',
                ...sweepCase.headers,
              },
              body: sweepCase.body,
            });
            status = response.status;
            if (status >= 500) failures.push(`${name}: ${status} ${response.body.slice(0, 160)}`);
            else if (status >= 400 && !response.body.startsWith('{"message"'))
              failures.push(`${name}: ${status} not in the {message, errors} shape: ${response.body.slice(0, 120)}`);
          } catch (error) {
            tally.dropped++;
            failures.push(`${name}: connection dropped (${(error as Error).message})`);
            continue;
          }
          tally[`${Math.floor(status / 100)}xx` as '2xx']++;
          if ((await writeMark(s.db)) === markBefore) continue;
          const now = await fingerprint(s.db);
          const changed = changedTables(baseline, now);
          if (status >= 400 && changed.length > 0)
            failures.push(`${name}: refused with ${status} but changed ${changed.join(', ')}`);
          baseline = now;
        }
      }

      const line = `part ${part}/${PARTS}: operations ${tally.operations}, requests ${tally.requests}, 2xx ${tally['2xx']}, 3xx ${tally['3xx']}, 4xx ${tally['4xx']}, 5xx ${tally['5xx']}, dropped ${tally.dropped} (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`;
      console.log(`malformed-input sweep: ${line}`);
      if (process.env.SWEEP_REPORT)
        fs.appendFileSync(process.env.SWEEP_REPORT, `${new Date().toISOString()} ${line}\n`);
      expect(failures).toEqual([]);
      expect(tally['5xx']).toBe(0);
    }, 900_000);
  });
}
