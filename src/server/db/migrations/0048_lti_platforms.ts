import { sql, type Kysely } from 'kysely';

/**
 * Issue 46: LTI 1.3 launches. The platforms (schemas/lti-platforms.ts); this tool's signing keys
 * (its key set is published at /api/lti/jwks, and both servers behind the balancer sign with the
 * same); the launches under way (the login's state and nonce, then the verified claims waiting a
 * minute for the browser that holds the state); the people each platform's subject is linked to;
 * the platform's resource links, each to an exam, with the line item scores go back to; and who
 * launched each link (the assignment it opened), with the score last sent to its line item
 * (Assignment and Grade Services: sent again when it changes; a refusal waits longer each time).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lti_platforms')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(255)', (c) => c.notNull())
    .addColumn('name_ar', 'varchar(255)', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('deployment_ids', 'text', (c) => c.notNull())
    .addColumn('auth_login_url', 'text', (c) => c.notNull())
    .addColumn('jwks_url', 'text', (c) => c.notNull())
    .addColumn('auth_token_url', 'text')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('lti_tool_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('private_jwk', 'jsonb', (c) => c.notNull())
    .addColumn('public_jwk', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('lti_launches')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('claims', 'jsonb')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('lti_identities')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_launch_at', 'timestamptz')
    .addUniqueConstraint('lti_identities_subject', ['platform_id', 'subject'])
    .execute();
  await db.schema.createIndex('lti_identities_user').on('lti_identities').column('user_id').execute();
  await db.schema
    .createTable('lti_links')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
    .addColumn('deployment_id', 'text', (c) => c.notNull())
    .addColumn('resource_link_id', 'text', (c) => c.notNull())
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('lineitem_url', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('lti_links_resource_link', ['platform_id', 'resource_link_id'])
    .execute();
  await db.schema
    .createTable('lti_link_members')
    .addColumn('link_id', 'integer', (c) => c.notNull().references('lti_links.id').onDelete('cascade'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('student_exam_id', 'integer', (c) => c.notNull().references('student_exams.id').onDelete('cascade'))
    .addColumn('sent_attempt_id', 'integer', (c) => c.references('exam_attempts.id').onDelete('set null'))
    .addColumn('sent_score', 'numeric')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retry_after', 'timestamptz')
    .addPrimaryKeyConstraint('lti_link_members_pkey', ['link_id', 'subject'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
