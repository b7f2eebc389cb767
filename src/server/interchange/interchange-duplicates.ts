import type { AnswerKind } from '../../common/questions';
import { plainText } from '../../common/questions/rich-text';
import type { Db } from '../db/database';
import type { ItemProblem } from './interchange-item';

/** What the check reads of a planned item (interchange-plan.ts's PlannedItem) and adds notes to. */
interface Checked {
  identifier: string;
  type: string | null;
  notes: ItemProblem[];
  preview?: { text: string };
}

/** A question's stem as compared: its text alone, in one form, one space, any case. */
const stemOf = (html: string) => plainText(html).normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Notes on likely duplicates (issue 41: importing the same package twice made copies without a
 * word): a question that reads the same as one of the bank's on the platform (same answer type,
 * same stem), or as an earlier question of the file. A note, not a problem: two questions may share
 * a stem on purpose (the same prompt over different passages), so the import still goes on.
 */
export async function noteLikelyDuplicates(db: Db, platformId: number, items: Checked[]): Promise<void> {
  const readable = items.filter((item) => item.preview && item.type && stemOf(item.preview.text) !== '');
  if (readable.length === 0) return;
  const types = [...new Set(readable.map((item) => item.type as AnswerKind))];
  const bank = await db
    .selectFrom('questions')
    .select(['id', 'answer_type', 'text'])
    .where('platform_id', '=', platformId)
    .where('answer_type', 'in', types)
    .orderBy('id')
    .execute();
  const inBank = new Map<string, number>();
  for (const question of bank) {
    const key = `${question.answer_type}:${stemOf(String(question.text))}`;
    if (!inBank.has(key)) inBank.set(key, question.id);
  }
  const inFile = new Map<string, string>();
  for (const item of readable) {
    const key = `${item.type}:${stemOf(item.preview!.text)}`;
    const note = (key_: string, params: ItemProblem['params']): ItemProblem => ({ key: key_, params });
    const bankId = inBank.get(key);
    if (bankId !== undefined) item.notes.push(note('interchange.problems.likely_duplicate', { id: bankId }));
    const earlier = inFile.get(key);
    if (earlier !== undefined) item.notes.push(note('interchange.problems.repeated_in_file', { identifier: earlier }));
    else inFile.set(key, item.identifier);
  }
}
