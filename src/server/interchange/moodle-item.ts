import { ANSWER_TYPES } from '../../common/questions/registry';
import type { InterchangeItem, ItemProblem, LookupField, LookupName } from './interchange-item';
import type { AnswerRead } from './moodle-answer-keys';
import { itemProblem, MOODLE_PROBLEMS as P } from './moodle-problems';

/** What a reader knows of a question besides its answers. */
export interface ItemParts {
  identifier: string;
  text: string;
  language: 'en' | 'ar';
  mark: number;
  metadata?: Partial<Record<LookupField, LookupName>>;
  media?: { path: string; type: 'image' | 'audio' };
  problems?: ItemProblem[];
  notes?: ItemProblem[];
}

/** A mark as the bank stores it: two decimals. */
export const roundMark = (mark: number): number => Math.round(mark * 100) / 100;

/**
 * An item from a question's parts and its answers. The key is checked against its answer type
 * here, so a key the bank would refuse shows as a problem of this item (with the first reason)
 * in the dry run, rather than failing the whole import later.
 */
export function draftItem(parts: ItemParts, read: AnswerRead): InterchangeItem {
  const problems = [...(parts.problems ?? []), ...read.problems];
  const notes = [...(parts.notes ?? []), ...read.notes];
  if (problems.length === 0) {
    const checked = ANSWER_TYPES[read.answer_type].definition.safeParse(read.answer_key);
    if (!checked.success) problems.push(itemProblem(P.unreadable, { reason: checked.error.issues[0].message }));
  }
  const item: InterchangeItem = {
    identifier: parts.identifier,
    question: {
      text: read.text ?? parts.text,
      content_language: parts.language,
      answer_type: read.answer_type,
      answer_key: read.answer_key,
      mark: roundMark(parts.mark),
      mark_option: read.mark_option,
      media_type: parts.media?.type ?? 'none',
      media_replay_count: 0,
    },
    metadata: parts.metadata ?? {},
    problems,
  };
  if (parts.media) item.media = parts.media.path;
  if (notes.length > 0) item.notes = notes;
  return item;
}

/** An item whose question could not be read at all. */
export const unreadableItem = (identifier: string, metadata = {}): InterchangeItem => ({
  identifier,
  metadata,
  problems: [itemProblem(P.unreadable)],
});
