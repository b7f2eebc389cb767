import { QUESTION_LIMITS } from '../../../schemas/parts/question-limits';
import { ANSWER_TYPES } from '../../common/questions/registry';
import { paragraphMark, type ParagraphDefinition } from '../../common/questions/types/paragraph';
import { LOOKUP_FIELDS, type InterchangeItem, type ItemProblem, type QuestionDraft } from './interchange-item';
import { QUESTION_FIELDS } from './question-fields';
import { roundMark } from './moodle-item';
import { itemProblem } from './moodle-problems';
import { contentLanguage, hasArabic } from './moodle-text';
import {
  answerKey,
  cell,
  DEFAULT_PART,
  kindOf,
  markOf,
  markOptionOf,
  numberOf,
  rowOfPath,
  wholeOf,
  type PartRow,
} from './xlsx-answer-keys';
import {
  booleanOf,
  choiceLabels,
  codeOf,
  LANGUAGE_LABELS,
  MEDIA_TYPE_LABELS,
  rowKindOf,
  XLSX_COLUMNS,
  type RowKind,
  type SheetRow,
} from './xlsx-columns';
import { XLSX_PROBLEMS as P } from './xlsx-problems';

/**
 * The question sheet's rows as interchange items: each question row with the part rows below
 * it, up to the next question row. A part row above every question is an item of its own, with
 * a problem; so is a row whose Row cell names nothing.
 */

interface Group {
  head: SheetRow;
  parts: PartRow[];
  problems: ItemProblem[];
}

const trimmed = (row: SheetRow, column: Parameters<typeof cell>[1]) => cell(row, column).trim();

function mediaOf(head: SheetRow, report: (key: string, params?: Record<string, string>) => void) {
  const file = trimmed(head, 'media_file');
  const typed = trimmed(head, 'media_type');
  let type = typed === '' ? undefined : codeOf(typed, MEDIA_TYPE_LABELS);
  if (typed !== '' && !type) report(P.badMediaType, { value: typed });
  // A file named without a type is shown as its extension says.
  if ((type === undefined || type === 'none') && file !== '')
    type = /\.(mp3|m4a|ogg|oga|wav|webm|aac|flac)$/i.test(file) ? 'audio' : 'image';
  if (type && type !== 'none' && file === '') report(P.mediaFileMissing);
  return { type: type ?? 'none', file: type === 'none' ? '' : file };
}

/** The declared values this reader has rules of its own for (below); the others are read by their field's type. */
const OWN_RULES = new Set(['text', 'content_language', 'mark', 'mark_option', 'media_type', 'media_replay_count']);

/** A cell as its field's value: a number, a choice's code, a yes or no, or text; left as typed when it is none (the validator says why). */
function valueOf(field: string, text: string): unknown {
  const declared = QUESTION_FIELDS[field];
  if (declared?.type === 'number') return Number.isNaN(numberOf(text)) ? text : numberOf(text);
  if (declared?.type === 'choice') return codeOf(text, choiceLabels(field)) ?? text.trim();
  if (declared?.type === 'boolean') return booleanOf(text) ?? text;
  return text;
}

/** The question row's other declared values (a field added to the declaration is one), blank cells left out. */
function declaredValues(head: SheetRow): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const column of XLSX_COLUMNS) {
    if (column.source !== 'value' || !column.field || OWN_RULES.has(column.field)) continue;
    const text = cell(head, column.key);
    if (text.trim() !== '') values[column.field] = valueOf(column.field, text);
  }
  return values;
}

function readGroup({ head, parts, problems }: Group): InterchangeItem {
  const identifier = trimmed(head, 'ref') || `row ${head.row}`;
  const report = (key: string, row: number, params: Record<string, string | number> = {}) =>
    problems.push(itemProblem(key, { row, ...params }));
  const metadata: InterchangeItem['metadata'] = {};
  for (const field of LOOKUP_FIELDS) {
    const name = trimmed(head, field);
    if (name !== '') metadata[field] = hasArabic(name) ? { ar: name } : { en: name };
  }
  const item: InterchangeItem = { identifier, metadata, problems };
  const kind = kindOf(trimmed(head, 'type'));
  if (!kind) {
    report(P.unknownType, head.row, { value: trimmed(head, 'type') });
    return item;
  }
  const text = cell(head, 'text');
  if (text.trim() === '') report(P.missingText, head.row);
  const typedLanguage = trimmed(head, 'content_language');
  const language = typedLanguage === '' ? undefined : codeOf(typedLanguage, LANGUAGE_LABELS);
  if (typedLanguage !== '' && !language) report(P.badLanguage, head.row, { value: typedLanguage });
  const media = mediaOf(head, (key, params) => report(key, head.row, params));
  const replay = wholeOf(head, 'replay_count', report) ?? 0;
  if (replay < 0 || replay > QUESTION_LIMITS.replayCount)
    report(P.badNumber, head.row, { column: 'replay_count', value: trimmed(head, 'replay_count') });
  const key = answerKey(kind, head, parts, report);
  const draft: QuestionDraft = {
    ...declaredValues(head),
    text,
    content_language: language ?? contentLanguage(`${text} ${cell(head, 'passage')}`),
    answer_type: kind,
    answer_key: key,
    // A paragraph's mark is its children's, whatever its own cell says.
    mark: kind === 'paragraph' ? paragraphMark(key as ParagraphDefinition) : markOf(head, report),
    mark_option: markOptionOf(head, report),
    media_type: media.type,
    media_replay_count: replay,
  };
  if (problems.length === 0) {
    const checked = ANSWER_TYPES[kind].definition.safeParse(key);
    const issue = checked.error?.issues[0];
    if (issue) report(P.unreadable, rowOfPath(key, issue.path, head.row), { reason: issue.message });
  }
  draft.mark = roundMark(draft.mark);
  item.question = draft;
  if (media.file !== '') item.media = media.file;
  const audio = trimmed(head, 'instruction_audio');
  if (audio !== '') item.instructionAudio = audio;
  return item;
}

/**
 * The kind of a row: its Row cell, or when blank a question (if it names a type) or the part its
 * question (in a paragraph, its last related question) takes.
 */
function kindOfRow(row: SheetRow, current: Group | undefined): RowKind | undefined {
  const typed = trimmed(row, 'row');
  if (typed !== '') return rowKindOf(typed);
  if (trimmed(row, 'type') !== '') return 'question';
  const owner = current && (current.parts.findLast((p) => p.kind === 'child')?.row ?? current.head);
  const type = owner && kindOf(trimmed(owner, 'type'));
  return (type && DEFAULT_PART[type]) ?? 'option';
}

/** The sheet's rows (header excluded, blank rows left out) as items, in order. */
export function readQuestionRows(rows: SheetRow[]): InterchangeItem[] {
  const groups: Group[] = [];
  // The rows above every question, as one item.
  let orphan: InterchangeItem | undefined;
  let current: Group | undefined;
  for (const row of rows) {
    const kind = kindOfRow(row, current);
    const problem = (key: string, params: Record<string, string | number>) =>
      itemProblem(key, { row: row.row, ...params });
    const unknown = () => problem(P.unknownRow, { value: trimmed(row, 'row') });
    if (kind === 'question') groups.push((current = { head: row, parts: [], problems: [] }));
    else if (current) {
      if (kind) current.parts.push({ kind, row });
      else current.problems.push(unknown());
    } else {
      orphan ??= { identifier: `row ${row.row}`, metadata: {}, problems: [] };
      orphan.problems.push(kind ? problem(P.orphanRow, { part: kind }) : unknown());
    }
  }
  return [...(orphan ? [orphan] : []), ...groups.map(readGroup)];
}
