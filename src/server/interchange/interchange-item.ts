import type { AnswerKind, MarkOption } from '../../../schemas/parts/question-kinds';
import type { LookupField } from './question-fields';

/** The lookups a question is classified by (its declaration's reference fields), as a file names them. */
export { LOOKUP_FIELDS, type LookupField } from './question-fields';

/** A lookup value as a file names it: in English, in Arabic, or both. */
export interface LookupName {
  en?: string;
  ar?: string;
}

/** A problem found in a file: a catalog key under `interchange.problems` and its parameters. */
export interface ItemProblem {
  key: string;
  params?: Record<string, string | number>;
}

/**
 * A question's own fields, as read from a file (the lookups and the platform are matched later):
 * those every format reads its own way, and any other declared value the file gives, by its field's
 * name (checked with the rest by the bank's validator).
 */
export interface QuestionDraft {
  [field: string]: unknown;
  text: string;
  content_language: 'en' | 'ar';
  answer_type: AnswerKind;
  answer_key: unknown;
  mark: number;
  mark_option: MarkOption;
  media_type: 'none' | 'image' | 'audio';
  media_replay_count: number;
}

/**
 * One item of an imported file, whatever its format: the question it becomes (absent when it
 * cannot be represented, with a problem saying why), the media files it names (paths inside the
 * file), the lookups it names, and every problem found while reading it.
 */
export interface InterchangeItem {
  /** The item's name in its file: a QTI identifier, a Moodle question name, a spreadsheet row. */
  identifier: string;
  question?: QuestionDraft;
  /** Path inside the package of the question's image or audio. */
  media?: string;
  /** Path inside the package of the instruction audio. */
  instructionAudio?: string;
  metadata: Partial<Record<LookupField, LookupName>>;
  /** An interaction or question type we cannot represent: the item is listed and skipped. */
  unsupported?: ItemProblem;
  /** Problems that stop the import (it is all or nothing). */
  problems: ItemProblem[];
  /** What was read but could not be kept (a second accepted answer, a distractor): shown, never silent. */
  notes?: ItemProblem[];
}

export type InterchangeFormat = 'qti3' | 'qti2' | 'moodle_xml' | 'gift' | 'xlsx';

/** A file read: its format, its items in order, and the media files it carries, by path. */
export interface InterchangeFile {
  format: InterchangeFormat;
  items: InterchangeItem[];
  media: Map<string, Uint8Array>;
}

/** A whole file refused (not one item): a catalog key under `interchange.errors`. */
export class InterchangeFileRefused extends Error {
  constructor(
    readonly reason: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(reason);
  }
}

/** An item that cannot be represented, named with what it is. */
export const unsupportedItem = (identifier: string, what: string, metadata = {}): InterchangeItem => ({
  identifier,
  metadata,
  unsupported: { key: 'interchange.problems.unsupported', params: { what } },
  problems: [],
});
