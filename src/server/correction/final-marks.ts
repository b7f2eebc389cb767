import { itemKey, itemOutcome, type SheetMark } from '../../common/correction/index';
import type { Db } from '../db/database';
import { loadScoringInput, loadSheets } from './correction-context';

export interface FinalItemMark {
  question_id: number;
  part: string;
  max: number;
  /** The mark that counts (0 while a human's final mark is missing). */
  final: number;
}

/**
 * Each item's final mark in an attempt, by the same rules as its stored result (automatic scores,
 * overrides, single or double marking): what reports break down by learning outcome.
 */
export async function finalItemMarks(
  db: Db,
  exam: { id: number; double_marking: boolean; double_marking_threshold: number },
  attemptId: number,
): Promise<FinalItemMark[]> {
  const input = await loadScoringInput(db, exam.id, attemptId);
  const { marks } = await loadSheets(db, attemptId);
  const byItem = new Map<string, SheetMark[]>();
  for (const mark of marks) {
    const key = itemKey(mark.question_id, mark.part);
    byItem.set(key, [...(byItem.get(key) ?? []), mark]);
  }
  const rules = { double: exam.double_marking, thresholdPercent: exam.double_marking_threshold };
  return [...input.items.values()].flat().map((item) => ({
    question_id: item.question_id,
    part: item.part,
    max: item.max,
    final: itemOutcome(item, byItem.get(itemKey(item.question_id, item.part)) ?? [], rules).final ?? 0,
  }));
}
