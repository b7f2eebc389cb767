import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 24: `npm run new:resource` in a copy of the project writes a lookup that passes the
 * resource contract (CRUD, list dialect, both languages, permissions), the schema-to-storage check,
 * the catalogs' checks, the role defaults and the type check; and a run that cannot finish leaves
 * every file as it was.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
let copy: string;

/** The project's files (as git knows them, work in progress included), without node_modules or data. */
function copyProject(): string {
  const target = fs.mkdtempSync(path.join(os.tmpdir(), 'ltm-new-resource-'));
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT })
    .toString()
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    const from = path.join(ROOT, file);
    if (!fs.existsSync(from)) continue; // deleted in the working tree
    fs.mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    fs.copyFileSync(from, path.join(target, file));
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(target, 'node_modules'), 'dir');
  execFileSync('git', ['init', '-q'], { cwd: target });
  execFileSync('git', ['add', '-A'], { cwd: target });
  execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'copy'], { cwd: target });
  return target;
}

const run = (command: string, args: string[], options: { env?: Record<string, string> } = {}) =>
  spawnSync(command, args, {
    cwd: copy,
    encoding: 'utf8',
    env: { ...process.env, ...options.env },
    timeout: 600_000,
  });
/** The project's own tools, not through npx (whose warnings would mix with the command's). */
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);
const generate = (...args: string[]) => run(bin('tsx'), ['scripts/new-resource.ts', ...args, '--root', copy]);
const changed = () => execFileSync('git', ['status', '--porcelain'], { cwd: copy }).toString().replace(/\n+$/, '');

beforeAll(() => {
  copy = copyProject();
}, 120_000);
afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

describe('npm run new:resource', () => {
  it('changes nothing when it cannot finish: a name taken, a file it cannot read', () => {
    const taken = generate('skills');
    expect(taken.status).toBe(1);
    expect(taken.stderr).toMatch(/Nothing was written: schemas\/skills\.ts exists already/);
    const file = path.join(copy, 'tests/api/role-defaults.json');
    const defaults = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, '{ not json');
    const broken = generate('school-districts', '--group', 'system_settings');
    expect(broken.status).toBe(1);
    fs.writeFileSync(file, defaults);
    expect(changed()).toBe('');
  });

  it('writes a lookup that passes the resource contract, the storage check, the catalogs and the type check', () => {
    const made = generate('school-districts', '--group', 'system_settings');
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    expect(changed().split('\n').sort()).toEqual(
      [
        '?? schemas/school-districts.ts',
        expect.stringMatching(/^\?\? src\/server\/db\/migrations\/\d{4}_school_districts\.ts$/),
        ' M locales/ar/resources.ts',
        ' M locales/en/resources.ts',
        ' M src/server/db/types-declared.ts',
        ' M tests/api/role-defaults.json',
        ' M tests/api/sweeps/permission-matrix.json',
      ].sort(),
    );
    // What the developer does next: the Arabic words.
    const arabic = path.join(copy, 'locales/ar/resources.ts');
    fs.writeFileSync(
      arabic,
      fs
        .readFileSync(arabic, 'utf8')
        .replace(/TODO\(ar\) school districts/g, 'المناطق التعليمية')
        .replace(/TODO\(ar\) school district/g, 'المنطقة التعليمية'),
    );
    // The type check of what the command wrote (and what it imports): CI's own step checks the tree.
    const written = changed()
      .split('\n')
      .map((line) => line.slice(3))
      .filter((file) => file.endsWith('.ts'));
    fs.writeFileSync(
      path.join(copy, 'tsconfig.written.json'),
      JSON.stringify({ extends: './tsconfig.json', include: [], files: written }),
    );
    const types = run(bin('tsc'), ['--noEmit', '-p', 'tsconfig.written.json']);
    expect(types.stdout + types.stderr).toBe('');
    // The catalogs', registry's and storage checks whole; of the resource contract, the new
    // resource's tests only (every other resource's run in the suite itself).
    const tests = run(
      bin('vitest'),
      [
        'run',
        '--reporter=verbose',
        '--project',
        'unit',
        '--project',
        'api',
        '--testNamePattern',
        '^(?!/api/|platform scoping of /api/)|/api/school-districts',
        'tests/unit/locales.test.ts',
        'tests/unit/resource-labels.test.ts',
        'tests/unit/schemas.test.ts',
        'tests/api/resources.test.ts',
        'tests/api/schema-storage.test.ts',
        'tests/api/role-defaults.test.ts',
      ],
      { env: { NO_COLOR: '1' } },
    );
    expect(tests.status, tests.stdout.slice(-3000)).toBe(0);
    expect(tests.stdout).toMatch(/✓ .*\/api\/school-districts > creates, reads, updates and deletes/);
    expect(tests.stdout).not.toMatch(/✓ .*\/api\/skills > /);
  }, 600_000);
});
