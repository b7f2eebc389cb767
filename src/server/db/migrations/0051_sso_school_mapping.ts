import type { Kysely } from 'kysely';

/**
 * Issue 46, the schools of staff who sign in through a provider: the claim that holds a person's
 * schools (or groups) and the mapping of its values to schools here, one `value = school id` a
 * line. Mapped schools follow the claim at every sign-in, as mapped roles do.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sso_providers').addColumn('school_claim', 'text').execute();
  await db.schema.alterTable('sso_providers').addColumn('school_map', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
