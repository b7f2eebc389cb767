import type { Db } from '../db/database';
import { dynamic } from '../db/dynamic';
import type { MediaStorage } from '../media/index';
import { storeServerMedia } from '../media/index';
import { parseQuestionBody, type QuestionsStore } from '../questions/index';
import { LOOKUP_FIELDS, type InterchangeFile, type LookupField } from './interchange-item';
import { questionBody, type ImportPlan, type NewLookup } from './interchange-plan';
import type { LookupTables } from './lookup-tables';
import { lookupColumn, lookupField, lookupTables } from './question-fields';

/** The values a plan creates, those they belong to first (skills before the learning outcomes that name them). */
function inOrder(lookups: Map<string, NewLookup>): [string, NewLookup][] {
  const ordered: [string, NewLookup][] = [];
  const pending = [...lookups];
  while (pending.length > 0) {
    const ready = pending.findIndex(([, lookup]) =>
      Object.values(lookup.within).every(
        (value) => typeof value !== 'string' || ordered.some(([key]) => key === value) || !lookups.has(value),
      ),
    );
    ordered.push(...pending.splice(Math.max(ready, 0), 1));
  }
  return ordered;
}

/** The new values the questions to create name, with those they belong to (a skill of an outcome). */
function neededLookups(plan: ImportPlan): Map<string, NewLookup> {
  const needed = new Set<string>();
  const need = (value: unknown) => {
    if (typeof value !== 'string' || needed.has(value) || !plan.newLookups.has(value)) return;
    needed.add(value);
    Object.values(plan.newLookups.get(value)!.within).forEach(need);
  };
  for (const planned of plan.items) if (planned.status === 'create') Object.values(planned.lookups ?? {}).forEach(need);
  return new Map([...plan.newLookups].filter(([key]) => needed.has(key)));
}

/** Creates the lookup values the plan's questions to create need (not those of a question left out); their ids by key. */
async function createLookups(
  db: Db,
  tables: LookupTables,
  plan: ImportPlan,
  platformId: number,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [key, lookup] of inOrder(neededLookups(plan))) {
    const en = lookup.name.en?.trim() || lookup.name.ar!.trim();
    const ar = lookup.name.ar?.trim() || en;
    const belongsTo = Object.fromEntries(
      lookupField(lookup.field).within.map((other) => {
        const value = lookup.within[other];
        return [lookupColumn(other), typeof value === 'string' ? (ids.get(value) ?? null) : (value ?? null)];
      }),
    );
    const row = await dynamic(db)
      .insertInto(tables[lookup.field])
      .values({
        name: en.slice(0, 255),
        name_en: en.slice(0, 255),
        name_ar: ar.slice(0, 255),
        platform_id: platformId,
        ...belongsTo,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(key, Number(row.id));
  }
  return ids;
}

/**
 * Writes a plan's questions to create (those in error left out when the author chose to import the rest): their new lookups, its media (checked by content again as they are
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
  const lookupIds = await createLookups(db, lookupTables(store.registry), plan, platformId);
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
      LOOKUP_FIELDS.map((field) => {
        const value = planned.lookups![field];
        return [field, typeof value === 'string' ? lookupIds.get(value)! : (value ?? null)];
      }),
    ) as Record<LookupField, number | null>;
    const body = questionBody(item, platformId, ids, {
      media: await storeMedia(item.media),
      instruction_audio: await storeMedia(item.instructionAudio),
    });
    created.push(await store.insert(parseQuestionBody(body), userId, { imported: true }));
    progress?.(created.length);
  }
  return created;
}
