import { sql, type QueryExecutorProvider } from 'kysely';

/** The columns of a table of the application's schema, in their order, as the database has them now. */
export async function tableColumns(db: QueryExecutorProvider, table: string): Promise<string[]> {
  const { rows } = await sql<{ column_name: string }>`
    select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}
    order by ordinal_position`.execute(db);
  if (rows.length === 0) throw new Error(`no table ${table}`);
  return rows.map((row) => row.column_name);
}
