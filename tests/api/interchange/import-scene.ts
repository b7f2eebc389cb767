import fs from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { ROLES } from '../../../src/common/permissions';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { buildUser, signIn } from '../../helpers/factories';
import { uploadQuestions } from '../../helpers/question-files';
import { buildPlatform, buildRecord } from '../../helpers/resource-factory';
import { createTestApp, type TestContext } from '../../helpers/test-app';

export let t: TestContext;
export let admin: string;
export let author: string;
export let corrector: string;
export let platform: Awaited<ReturnType<typeof buildPlatform>>;
/** The form's default lookups (`default_skill_id`...), each a record of the platform. */
export const defaults: Record<string, string> = {};

/** The platform's questions. */
export const questionCount = async () =>
  (await t.db.selectFrom('questions').select('id').where('platform_id', '=', platform.id).execute()).length;
/** A file of tests/fixtures/interchange. */
export const fixture = (name: string) => fs.readFileSync(`tests/fixtures/interchange/${name}`);
/** Checks a file for the platform, as the author unless told. */
export const dryRun = (
  name: string,
  content: Buffer | Uint8Array,
  extra: Record<string, string> = {},
  lang: 'en' | 'ar' = 'en',
  cookie = author,
) =>
  uploadQuestions(t, cookie, { name, content }, { mode: 'dry_run', platform_id: String(platform.id), ...extra }, lang);

/**
 * A test app for the calling file: an admin, an author and a corrector signed in, and a platform
 * with one record of each lookup a question names, its defaults.
 */
export function useImportScene() {
  beforeAll(async () => {
    t = await createTestApp();
    const registry = await loadSchemaRegistry();
    admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
    author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
    corrector = await signIn(t.app, await buildUser(t.db, { role: ROLES.corrector }));
    platform = await buildPlatform(t.db, 'IRA');
    const record = (name: string, values: Record<string, unknown>) =>
      buildRecord(t.db, registry, registry.get(name)!, platform, values);
    const skill = await record('skills', { name_en: 'Reading', name_ar: 'القراءة' });
    const ids: Record<string, number> = {
      question_type: (await record('question-types', { name_en: 'Benchmark', name_ar: 'معياري' })).id,
      skill: skill.id,
      difficulty_level: (await record('difficulty-levels', { name_en: 'Easy', name_ar: 'سهل' })).id,
      cognitive_level: (await record('cognitive-levels', { name_en: 'Remember', name_ar: 'تذكّر' })).id,
      learning_outcome: (await record('learning-outcomes', { name_en: 'Reads', name_ar: 'يقرأ', skill_id: skill.id }))
        .id,
      depth_of_knowledge: (await record('depth-of-knowledges', { name_en: 'Recall', name_ar: 'استدعاء' })).id,
    };
    for (const [field, id] of Object.entries(ids)) defaults[`default_${field}_id`] = String(id);
  });
  afterAll(() => t.close());
}
