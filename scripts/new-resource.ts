/**
 * `npm run new:resource -- <name> [--global] [--group <menu group>]` writes a new lookup resource:
 * the schema file, its catalog keys in both languages, a migration and its row type. Then translate
 * the Arabic keys marked `TODO(ar)` (the locales test fails until you do) and run the tests.
 *
 *   npm run new:resource -- school-districts --group system_settings
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { global: { type: 'boolean', default: false }, group: { type: 'string', default: 'exams_settings' } },
});
const name = positionals[0];
if (!name || !/^[a-z]+(-[a-z]+)*$/.test(name)) {
  console.error('Usage: npm run new:resource -- <plural-kebab-name> [--global] [--group <menu group>]');
  process.exit(1);
}
const GROUPS = ['exams_settings', 'questions_settings', 'system_settings'];
if (!GROUPS.includes(values.group!)) {
  console.error(`--group is one of ${GROUPS.join(', ')} (schemas/vocabulary.ts, MenuGroup)`);
  process.exit(1);
}
const root = path.resolve(import.meta.dirname, '..');
const table = name.replaceAll('-', '_');
const words = name.replaceAll('-', ' ');
const singular = words.replace(/ies$/, 'y').replace(/s$/, '');
const title = (text: string) => text[0]!.toUpperCase() + text.slice(1);
const camel = name.replace(/-([a-z])/g, (_m, letter: string) => letter.toUpperCase());
const scoped = !values.global;
const area = values.group!.replace(/_settings$/, '');
const route = area === 'system' ? `/settings/${name}` : `/settings/${area}/${name}`;

function write(file: string, text: string) {
  const target = path.join(root, file);
  if (fs.existsSync(target)) throw new Error(`${file} exists already`);
  fs.writeFileSync(target, text);
  console.log(`wrote   ${file}`);
}

function insertAfter(file: string, anchor: string, text: string) {
  const target = path.join(root, file);
  const source = fs.readFileSync(target, 'utf8');
  const at = source.indexOf(anchor);
  if (at < 0) throw new Error(`${file}: cannot find ${JSON.stringify(anchor)}`);
  fs.writeFileSync(target, source.slice(0, at + anchor.length) + text + source.slice(at + anchor.length));
  console.log(`updated ${file}`);
}

write(
  `schemas/${name}.ts`,
  `import { bilingualName, type ResourceDefinition } from './vocabulary';

/** ${title(words)}: describe what it is for and who uses it. */
const ${camel}: ResourceDefinition = {
  name: '${name}',
  table: '${table}',
  platformScoped: ${scoped},
  menu: { group: '${values.group}', route: '${route}' },
  fields: { ...bilingualName },
  list: { columns: ['id', 'name_en', 'name_ar'], sort: 'id', order: 'asc', search: ['name_en', 'name_ar'] },
  nameFromNameEn: true,
};

export default ${camel};
`,
);

const migrations = path.join(root, 'src/server/db/migrations');
const last = fs
  .readdirSync(migrations)
  .filter((file) => /^\d{4}_/.test(file))
  .sort()
  .at(-1)!;
const number = String(Number(last.slice(0, 4)) + 1).padStart(4, '0');
write(
  `src/server/db/migrations/${number}_${table}.ts`,
  `import { sql, type Kysely } from 'kysely';

/** ${title(words)} (schemas/${name}.ts). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('${table}')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(255)', (c) => c.notNull())
    .addColumn('name_ar', 'varchar(255)', (c) => c.notNull())${
      scoped ? `\n    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platforms.id'))` : ''
    }
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql\`now()\`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql\`now()\`))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
`,
);

insertAfter(
  'src/server/db/types.ts',
  'export interface Database {\n',
  `  ${table}: ${scoped ? 'PlatformLookupTable' : 'LookupColumns'};\n`,
);

const entry = (nameText: string, item: string, items: string) =>
  `    '${name}': {\n      name: '${nameText}',\n      item: '${item}',\n      items: '${items}',\n      fields: {},\n    },\n`;
insertAfter(
  'locales/en/resources.ts',
  '  resources: {\n',
  entry(`${title(singular)} |||| ${title(words)}`, singular, words),
);
const todo = `TODO(ar) ${words}`;
insertAfter(
  'locales/ar/resources.ts',
  '  resources: {\n',
  entry(Array(6).fill(todo).join(' |||| '), `TODO(ar) ${singular}`, todo),
);

console.log(`
Next:
  1. Translate the TODO(ar) keys in locales/ar/resources.ts (six Arabic plural forms in name).
  2. Add fields to schemas/${name}.ts and their columns to the migration and src/server/db/types.ts.
  3. Record the new routes in the permission matrix and read its diff:
     UPDATE_PERMISSION_MATRIX=1 npx vitest run --project api tests/api/security/permission-matrix.test.ts
  4. npm test`);
