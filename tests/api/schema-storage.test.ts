import path from 'node:path';
import ts from 'typescript';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../schemas/index';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * The schemas, the migrations and `db/types.ts` describe the same tables: a schema's table and
 * stored columns (and each multi-reference's join table) exist in the migrated database and in the
 * `Database` interface. Adding a field to a schema without its migration or row type fails here.
 */
let registry: SchemaRegistry;

/** `Database` in src/server/db/types.ts, read by the TypeScript checker: table -> column names. */
function declaredTables(): Map<string, Set<string>> {
  const file = path.resolve('src/server/db/types.ts');
  const program = ts.createProgram([file], { strict: true, skipLibCheck: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  const database = source.statements.find(
    (node): node is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(node) && node.name.text === 'Database',
  )!;
  const tables = new Map<string, Set<string>>();
  for (const table of checker.getTypeAtLocation(database).getProperties()) {
    const type = checker.getTypeOfSymbolAtLocation(table, database);
    tables.set(table.name, new Set(type.getProperties().map((column) => column.name)));
  }
  return tables;
}

/** What each schema says it stores: its table's columns and its join tables' columns. */
function expectedTables(): Map<string, Set<string>> {
  const expected = new Map<string, Set<string>>();
  const add = (table: string, columns: string[]) =>
    expected.set(table, new Set([...(expected.get(table) ?? []), ...columns]));
  for (const definition of registry.all()) {
    const columns = ['id'];
    if (definition.platformScoped) columns.push('platform_id');
    if (definition.nameFromNameEn) columns.push('name');
    for (const [name, field] of Object.entries(definition.fields)) {
      if (field.type === 'references') add(field.through.table, [field.through.owner, field.through.column]);
      else columns.push(name);
    }
    add(definition.table, columns);
  }
  return expected;
}

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  registry = await loadSchemaRegistry();
}, 60_000);
afterAll(() => t.close());

describe('schemas, migrations and row types agree', () => {
  it('finds every schema table and column in the migrated database', async () => {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns where table_schema = 'public'`.execute(t.db);
    const actual = new Map<string, Set<string>>();
    for (const row of rows)
      actual.set(row.table_name, new Set([...(actual.get(row.table_name) ?? []), row.column_name]));
    const missing: string[] = [];
    for (const [table, columns] of expectedTables())
      for (const column of columns) if (!actual.get(table)?.has(column)) missing.push(`${table}.${column}`);
    expect(missing).toEqual([]);
  });

  it('finds every schema table and column in db/types.ts', () => {
    const declared = declaredTables();
    expect(declared.size).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const [table, columns] of expectedTables())
      for (const column of columns) if (!declared.get(table)?.has(column)) missing.push(`${table}.${column}`);
    expect(missing).toEqual([]);
  });

  it('declares in db/types.ts only tables that the migrations create', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'public'`.execute(t.db);
    const created = new Set(rows.map((row) => row.table_name));
    expect([...declaredTables().keys()].filter((table) => !created.has(table))).toEqual([]);
  });
});
