import fs from 'node:fs';
import path from 'node:path';

export interface NewResource {
  /** Plural, kebab case: `school-districts`. */
  name: string;
  group: string;
  /** Its records belong to one platform (a lookup of exams or questions); false: on no platform. */
  scoped: boolean;
}

export interface FileChange {
  file: string;
  text: string;
  created: boolean;
}

const title = (text: string) => text[0]!.toUpperCase() + text.slice(1);

/** Names a resource goes by: table, words, singular, the variable of its declaration. */
function namesOf(name: string) {
  const words = name.replaceAll('-', ' ');
  return {
    table: name.replaceAll('-', '_'),
    words,
    singular: words.replace(/ies$/, 'y').replace(/s$/, ''),
    camel: name.replace(/-([a-z])/g, (_m, letter: string) => letter.toUpperCase()),
    /** The permission singular: dashes become dots, one trailing s goes (`depth.of.knowledge`). */
    permissionSingular: name.replace(/-/g, '.').replace(/s$/, ''),
  };
}

/** Inserts `text` after the first `anchor`; a missing anchor stops everything before a file is written. */
function insertAfter(file: string, source: string, anchor: string, text: string): string {
  const at = source.indexOf(anchor);
  if (at < 0) throw new Error(`${file}: cannot find ${JSON.stringify(anchor)}`);
  return source.slice(0, at + anchor.length) + text + source.slice(at + anchor.length);
}

function declaration(resource: NewResource, names: ReturnType<typeof namesOf>): string {
  const area = resource.group.replace(/_settings$/, '');
  const route = area === 'system' ? `/settings/${resource.name}` : `/settings/${area}/${resource.name}`;
  const fields = resource.scoped
    ? `lookup('${resource.name}', '${resource.group}', '${route}')`
    : `defineResource({
  name: '${resource.name}',
  table: '${names.table}',
  platformScoped: false,
  menu: { group: '${resource.group}', route: '${route}' },
  fields: { ...bilingualName },
  list: { columns: ['id', 'name_en', 'name_ar'], sort: 'id', order: 'asc', search: ['name_en', 'name_ar'] },
  nameFromNameEn: true,
})`;
  const imports = resource.scoped ? 'lookup' : 'bilingualName, defineResource';
  return `import { ${imports} } from './vocabulary';

/** ${title(names.words)}: describe what it is for and who uses it. */
const ${names.camel} = ${fields};

export default ${names.camel};
`;
}

function migration(resource: NewResource, names: ReturnType<typeof namesOf>): string {
  const platform = resource.scoped
    ? `\n    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platforms.id'))`
    : '';
  return `import { sql, type Kysely } from 'kysely';

/** ${title(names.words)} (schemas/${resource.name}.ts). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('${names.table}')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(255)', (c) => c.notNull())
    .addColumn('name_ar', 'varchar(255)', (c) => c.notNull())${platform}
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql\`now()\`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql\`now()\`))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
`;
}

/** The matrix rows of the new routes: those of a lookup of the same kind (skills, or academic years on no platform). */
function matrix(source: string, resource: NewResource): string {
  const parsed = JSON.parse(source) as { operations: Record<string, Record<string, number>> };
  const model = resource.scoped ? 'skills' : 'academic-years';
  const routes = ['GET /api/{r}', 'GET /api/{r}/{id}', 'POST /api/{r}', 'PUT /api/{r}/{id}', 'DELETE /api/{r}/{id}'];
  for (const route of routes) {
    const row = parsed.operations[route.replace('{r}', model)];
    if (!row) throw new Error(`the permission matrix has no row ${route.replace('{r}', model)} to copy`);
    parsed.operations[route.replace('{r}', resource.name)] = row;
  }
  const rows = Object.entries(parsed.operations)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, row]) => `    ${JSON.stringify(key)}: ${JSON.stringify(row).replace(/,/g, ', ').replace(/:/g, ': ')}`);
  return `{\n  "operations": {\n${rows.join(',\n')}\n  }\n}\n`;
}

/** Authors read every lookup (src/common/permission-catalog.ts): its two view permissions. */
function roleDefaults(source: string, resource: NewResource, names: ReturnType<typeof namesOf>): string {
  const defaults = JSON.parse(source) as Record<string, string[]>;
  const author = defaults['com.ltm.roles.author'];
  if (!author) throw new Error('the role defaults have no author role');
  author.push(
    `com.ltm.permissions.${resource.name}.view.${resource.name}`,
    `com.ltm.permissions.${resource.name}.view.${names.permissionSingular}`,
  );
  defaults['com.ltm.roles.author'] = [...new Set(author)].sort();
  return `${JSON.stringify(defaults, null, 2)}\n`;
}

/**
 * Every file the new resource needs, as it will be written; reading and checking them all before
 * anything is written is what makes the command all or nothing.
 */
export function resourceFiles(root: string, resource: NewResource): FileChange[] {
  const names = namesOf(resource.name);
  const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
  const created = (file: string, text: string): FileChange => {
    if (fs.existsSync(path.join(root, file))) throw new Error(`${file} exists already`);
    return { file, text, created: true };
  };
  const updated = (file: string, change: (source: string) => string): FileChange => ({
    file,
    text: change(read(file)),
    created: false,
  });

  const migrations = path.join(root, 'src/server/db/migrations');
  const last = fs
    .readdirSync(migrations)
    .filter((file) => /^\d{4}_/.test(file))
    .sort()
    .at(-1);
  if (!last) throw new Error('no migration found');
  const number = String(Number(last.slice(0, 4)) + 1).padStart(4, '0');

  const entry = (nameText: string, item: string, items: string) =>
    `    '${resource.name}': {\n      name: '${nameText}',\n      item: '${item}',\n      items: '${items}',\n      fields: {},\n    },\n`;
  const todo = `TODO(ar) ${names.words}`;
  const declared = 'src/server/db/types-declared.ts';

  return [
    created(`schemas/${resource.name}.ts`, declaration(resource, names)),
    created(`src/server/db/migrations/${number}_${names.table}.ts`, migration(resource, names)),
    updated(declared, (source) => {
      if (source.includes(`\n  ${names.table}: `)) throw new Error(`${declared} has ${names.table} already`);
      // The declaration's type import goes after the others.
      const withImport = insertAfter(
        declared,
        source,
        "import type { DeclaredTable, JoinTable } from './declared-tables';\n",
        `import type ${names.camel} from '../../../schemas/${resource.name}';\n`,
      );
      return insertAfter(
        declared,
        withImport,
        'export interface DeclaredTables {\n',
        `  ${names.table}: DeclaredTable<typeof ${names.camel}>;\n`,
      );
    }),
    updated('locales/en/resources.ts', (source) =>
      insertAfter(
        'locales/en/resources.ts',
        source,
        '  resources: {\n',
        entry(`${title(names.singular)} |||| ${title(names.words)}`, names.singular, names.words),
      ),
    ),
    updated('locales/ar/resources.ts', (source) =>
      insertAfter(
        'locales/ar/resources.ts',
        source,
        '  resources: {\n',
        entry(Array(6).fill(todo).join(' |||| '), `TODO(ar) ${names.singular}`, todo),
      ),
    ),
    updated('tests/api/sweeps/permission-matrix.json', (source) => matrix(source, resource)),
    updated('tests/api/role-defaults.json', (source) => roleDefaults(source, resource, names)),
  ];
}
