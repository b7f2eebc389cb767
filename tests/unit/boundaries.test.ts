import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 24: the import rule "features through their index.ts" covers every folder of src/server and
 * src/client but the shared layers, read from the folders themselves (the hand-kept list missed
 * web-reports, item-analysis, jobs and cli).
 */
const root = path.resolve(import.meta.dirname, '../..');
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as {
  forbidden: { name: string; to: { path?: string } }[];
};
const folders = (side: string) =>
  fs
    .readdirSync(path.join(root, 'src', side), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const featuresIn = (rule: string) => {
  const pattern = config.forbidden.find((r) => r.name === rule)!.to.path!;
  return /\(([^)]*)\)/.exec(pattern)![1].split('|');
};

describe('the feature boundary rule', () => {
  it.each([
    ['server', ['http', 'db']],
    ['client', ['components', 'providers', 'i18n', 'theme']],
  ])('holds every %s folder but the shared layers', (side, shared) => {
    const features = featuresIn(`${side}-feature-internals`);
    expect([...features].sort()).toEqual(
      folders(side)
        .filter((name) => !shared.includes(name))
        .sort(),
    );
  });

  it('holds the features the hand-kept list missed', () => {
    expect(featuresIn('server-feature-internals')).toEqual(
      expect.arrayContaining(['web-reports', 'item-analysis', 'jobs', 'cli']),
    );
    expect(featuresIn('client-feature-internals')).toEqual(expect.arrayContaining(['web-reports']));
  });
});
