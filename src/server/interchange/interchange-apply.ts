import type { Db } from '../db/database';
import type { MediaStorage } from '../media/index';
import { storeServerMedia } from '../media/index';
import type { QuestionsStore } from '../questions/index';
import type { InterchangeFile, LookupField } from './interchange-item';
import { questionBody, type ImportPlan } from './interchange-plan';
import { LOOKUP_TABLES } from './lookup-tables';

/** Creates the lookup values the plan needs (skills before the learning outcomes that name them); their ids by key. */
async function createLookups(db: Db, plan: ImportPlan, platformId: number): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const ordered = [...plan.newLookups].sort(
    ([, a], [, b]) => Number(a.field === 'learning_outcome') - Number(b.field === 'learning_outcome'),
  );
  for (const [key, lookup] of ordered) {
    const en = lookup.name.en?.trim() || lookup.name.ar!.trim();
    const ar = lookup.name.ar?.trim() || en;
    const skill = typeof lookup.skill === 'string' ? ids.get(lookup.skill) : lookup.skill;
    const row = await db
      .insertInto(LOOKUP_TABLES[lookup.field].table as 'skills')
      .values({
        name: en.slice(0, 255),
        name_en: en.slice(0, 255),
        name_ar: ar.slice(0, 255),
        platform_id: platformId,
        ...(lookup.field === 'learning_outcome' ? { skill_id: skill } : {}),
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(key, row.id);
  }
  return ids;
}

/**
 * Writes a plan free of errors: its new lookups, its media (checked by content again as they are
 * stored) and each question through the bank's own store (sanitized and validated as typed ones
 * are). Run inside one transaction by the caller: all or nothing. Media files written before a
 * failure stay on disk unreferenced (the media sweep's to remove), never half a bank.
 */
export async function applyImport(
  db: Db,
  storage: MediaStorage,
  store: QuestionsStore,
  input: { file: InterchangeFile; plan: ImportPlan; platformId: number; userId: number },
  progress?: (done: number) => void,
): Promise<number[]> {
  const { file, plan, platformId, userId } = input;
  const lookupIds = await createLookups(db, plan, platformId);
  const stored = new Map<string, string>();
  const storeMedia = async (path: string | undefined) => {
    if (!path) return undefined;
    if (!stored.has(path)) {
      const name = path.split('/').pop() ?? 'media';
      const saved = await storeServerMedia(db, storage, {
        content: Buffer.from(file.media.get(path)!),
        name,
        label: name,
        ownerId: userId,
      });
      stored.set(path, saved.path);
    }
    return stored.get(path);
  };
  const created: number[] = [];
  for (const [index, item] of file.items.entries()) {
    const planned = plan.items[index];
    if (planned.status !== 'create') continue;
    const ids = Object.fromEntries(
      Object.entries(planned.lookups!).map(([field, value]) => [
        field,
        typeof value === 'string' ? lookupIds.get(value)! : value,
      ]),
    ) as Record<LookupField, number>;
    const body = questionBody(item, platformId, ids, {
      media: await storeMedia(item.media),
      instruction_audio: await storeMedia(item.instructionAudio),
    });
    created.push((await store.create(body, userId, { imported: true })).id);
    progress?.(created.length);
  }
  return created;
}
