/**
 * `npm run new:resource -- <name> [--global] [--group <menu group>]` writes a new lookup resource:
 * its declaration, its catalog keys in both languages, a migration, its table's line in
 * src/server/db/types-declared.ts, its routes in the permission matrix and the authors' view
 * permissions in the role defaults. Every file is prepared first and then written; if anything
 * fails, nothing is left changed. Then translate the Arabic keys marked `TODO(ar)` (the locales
 * test fails until you do) and run the tests.
 *
 *   npm run new:resource -- school-districts --group system_settings
 *
 * `--root <folder>` works on another copy of the project (the test of this script does).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { resourceFiles, type NewResource } from './new-resource/files';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    global: { type: 'boolean', default: false },
    group: { type: 'string', default: 'exams_settings' },
    root: { type: 'string', default: path.resolve(import.meta.dirname, '..') },
  },
});

const GROUPS = ['exams_settings', 'questions_settings', 'system_settings'];

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const name = positionals[0];
if (!name || !/^[a-z]+(-[a-z]+)*$/.test(name))
  fail('Usage: npm run new:resource -- <plural-kebab-name> [--global] [--group <menu group>]');
if (!GROUPS.includes(values.group!)) fail(`--group is one of ${GROUPS.join(', ')} (schemas/vocabulary.ts, MenuGroup)`);

const resource: NewResource = { name, group: values.group!, scoped: !values.global };
const root = path.resolve(values.root!);

let changes: ReturnType<typeof resourceFiles>;
try {
  changes = resourceFiles(root, resource);
} catch (error) {
  fail(`Nothing was written: ${(error as Error).message}`);
}

/** Writes every file, or, when one write fails, puts back what was there before. */
const written: { file: string; before: string | null }[] = [];
try {
  for (const change of changes) {
    const target = path.join(root, change.file);
    const before = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : null;
    written.push({ file: target, before });
    fs.writeFileSync(target, change.text);
  }
} catch (error) {
  for (const { file, before } of written.reverse()) {
    if (before === null) fs.rmSync(file, { force: true });
    else fs.writeFileSync(file, before);
  }
  fail(`Nothing was written (${(error as Error).message}); the project is as it was.`);
}

for (const change of changes) console.log(`${change.created ? 'wrote  ' : 'updated'} ${change.file}`);
console.log(`
Next:
  1. Translate the TODO(ar) keys in locales/ar/resources.ts (six Arabic plural forms in name).
  2. Add fields to schemas/${name}.ts and their columns to the migration.
  3. The permission matrix has the new routes as a lookup's; check them:
     UPDATE_PERMISSION_MATRIX=1 npx vitest run --project sweeps tests/api/sweeps/permission-matrix.test.ts
  4. npm test`);
