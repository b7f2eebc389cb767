import { sql, type Kysely } from 'kysely';

/**
 * Issue 46: single sign-on through SAML 2.0 beside OpenID Connect. A provider speaks one protocol;
 * a SAML one is its identity provider's entity ID (`issuer`), sign-in address and signing
 * certificate. A SAML sign-in under way is kept by its AuthnRequest ID (the answer's InResponseTo);
 * it has no PKCE verifier nor nonce. A checked answer waits a minute for the browser that started
 * the sign-in to come and take it (`sso_answers`): the identity provider posts it across sites,
 * where our sign-in cookie is not sent.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sso_providers')
    .addColumn('protocol', 'text', (c) => c.notNull().defaultTo('oidc'))
    .execute();
  await db.schema.alterTable('sso_providers').addColumn('sso_url', 'text').execute();
  await db.schema.alterTable('sso_providers').addColumn('idp_certificate', 'text').execute();
  await db.schema
    .alterTable('sso_providers')
    .alterColumn('client_id', (c) => c.dropNotNull())
    .execute();
  await db.schema.alterTable('sso_requests').addColumn('request_id', 'text').execute();
  await db.schema
    .alterTable('sso_requests')
    .alterColumn('code_verifier', (c) => c.dropNotNull())
    .execute();
  await db.schema
    .alterTable('sso_requests')
    .alterColumn('nonce', (c) => c.dropNotNull())
    .execute();
  await db.schema.createIndex('sso_requests_request_id').on('sso_requests').column('request_id').unique().execute();
  await db.schema
    .createTable('sso_answers')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('sso_providers.id').onDelete('cascade'))
    .addColumn('state_hash', 'text', (c) => c.notNull())
    .addColumn('claims', 'jsonb', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
