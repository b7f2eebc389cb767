import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The API and sweep files share their worker's modules (`isolate: false` in vite.config.ts): a
 * `vi.mock` there would leak into every file after it in that worker (a mocked questions-bank
 * declaration broke the XLSX tests that ran next, issue 38). Unit and console files that mock are
 * isolated by the configuration itself; API tests must not mock at all.
 */
const root = path.resolve(import.meta.dirname, '../..');

describe('test isolation', () => {
  it('no API or sweep test replaces a module', () => {
    const dir = path.join(root, 'tests/api');
    const mocking = (fs.readdirSync(dir, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts'))
      .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(fs.readFileSync(path.join(dir, file), 'utf8')));
    expect(mocking).toEqual([]);
  });
});
