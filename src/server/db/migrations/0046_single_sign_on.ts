import { sql, type Kysely } from 'kysely';

/**
 * Issue 46: single sign-on through OpenID Connect. The providers an administrator configured
 * (schemas/sso-providers.ts); the accounts each provider's stable subject is linked to; the sign-ins
 * under way (state, nonce and PKCE verifier, kept by the SHA-256 of the state); and, on a session,
 * the provider it was opened through (its sign-out ends the provider's session too).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sso_providers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_ar', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('client_secret', 'text')
    .addColumn('scopes', 'text', (c) => c.notNull().defaultTo('openid email profile'))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('allow_create', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('role_claim', 'text')
    .addColumn('role_map', 'text')
    .addColumn('student_claim', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('sso_identities')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('sso_providers.id').onDelete('cascade'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_sign_in_at', 'timestamptz')
    .addUniqueConstraint('sso_identities_subject', ['provider_id', 'subject'])
    .execute();
  await db.schema.createIndex('sso_identities_user').on('sso_identities').column('user_id').execute();
  await db.schema
    .createTable('sso_requests')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('sso_providers.id').onDelete('cascade'))
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('sso_provider_id', 'integer', (c) => c.references('sso_providers.id').onDelete('set null'))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
