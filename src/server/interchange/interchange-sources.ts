import type { Db } from '../db/database';
import type { QuestionsStore } from '../questions/index';
import { MAX_PER_PAGE } from '../http/pagination';
import type { ListQuery } from '../resources';
import type { LookupField } from './interchange-item';
import { lookupNames, platformLookups, type LookupRow, type LookupTables } from './lookup-tables';
import { exportQuestion, type StoredQuestion } from './qti-export';
import type { PackageQuestion } from './qti/qti-package-writer';

/** The most questions one export carries. */
export const MAX_EXPORT_QUESTIONS = 5_000;

/** The bank's stored rows the list would show with these filters, in the list's order, page after page. */
export async function bankRows(db: Db, store: QuestionsStore, query: ListQuery): Promise<StoredQuestion[]> {
  const ids: number[] = [];
  for (let page = 1; ids.length < MAX_EXPORT_QUESTIONS; page++) {
    const result = await store.list({ ...query, page, per_page: MAX_PER_PAGE });
    ids.push(...result.data.map((row) => row.id));
    if (result.data.length < MAX_PER_PAGE) break;
  }
  if (ids.length === 0) return [];
  const rows = (await db
    .selectFrom('questions')
    .selectAll()
    .where('id', 'in', ids)
    .execute()) as unknown as StoredQuestion[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** An exam with its questions' copies in the exam's order. */
export async function examExport(db: Db, examId: number) {
  const exam = await db
    .selectFrom('exams')
    .select(['id', 'name_en', 'name_ar'])
    .where('id', '=', examId)
    .executeTakeFirst();
  if (!exam) return undefined;
  const rows = (await db
    .selectFrom('exam_questions')
    .selectAll()
    .where('exam_id', '=', examId)
    .orderBy('position')
    .orderBy('id')
    .execute()) as unknown as StoredQuestion[];
  return { ...exam, rows };
}

/** Stored rows as package questions with their lookups' names (the XLSX export's input). */
export async function packageQuestions(
  db: Db,
  tables: LookupTables,
  rows: StoredQuestion[],
  prefix: string,
): Promise<PackageQuestion[]> {
  const platforms = [...new Set(rows.map((r) => r.platform_id))];
  const lookups = new Map(
    await Promise.all(platforms.map(async (p) => [p, await platformLookups(db, tables, p)] as const)),
  );
  return rows.map((row) => ({
    question: exportQuestion(row, prefix),
    metadata: lookupNames(lookups.get(row.platform_id)!, row),
  }));
}

/** A platform's lookups for the template's reference sheet (the first platform when none is named). */
export async function lookupsFor(
  db: Db,
  tables: LookupTables,
  platformId?: number,
): Promise<Record<LookupField, LookupRow[]>> {
  const id = platformId ?? (await db.selectFrom('platforms').select('id').orderBy('id').executeTakeFirst())?.id ?? 0;
  return platformLookups(db, tables, id);
}
