import { sql, type Kysely } from 'kysely';

const now = sql`now()`;

/**
 * Bank questions. The answer definition (content and key) is one validated jsonb document per
 * question; a paragraph's child questions live inside its definition, so a question is always
 * copied, answered, marked and reported as one unit.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('questions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platforms.id'))
    .addColumn('question_type_id', 'integer', (c) => c.notNull().references('question_types.id'))
    .addColumn('skill_id', 'integer', (c) => c.notNull().references('skills.id'))
    .addColumn('difficulty_level_id', 'integer', (c) => c.notNull().references('difficulty_levels.id'))
    .addColumn('cognitive_level_id', 'integer', (c) => c.notNull().references('cognitive_levels.id'))
    .addColumn('learning_outcome_id', 'integer', (c) => c.notNull().references('learning_outcomes.id'))
    .addColumn('depth_of_knowledge_id', 'integer', (c) => c.notNull().references('depth_of_knowledges.id'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('content_language', 'varchar(5)', (c) => c.notNull())
    .addColumn('answer_type', 'varchar(30)', (c) => c.notNull())
    .addColumn('answer_key', 'jsonb', (c) => c.notNull())
    .addColumn('mark', 'numeric(6, 2)', (c) => c.notNull())
    .addColumn('mark_option', 'varchar(20)', (c) => c.notNull())
    .addColumn('media_type', 'varchar(10)', (c) => c.notNull().defaultTo('none'))
    .addColumn('media', 'varchar(100)')
    .addColumn('media_replay_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('instruction_audio', 'varchar(100)')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  for (const column of ['platform_id', 'skill_id', 'question_type_id', 'learning_outcome_id', 'answer_type']) {
    await db.schema.createIndex(`questions_${column}_index`).on('questions').column(column).execute();
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
