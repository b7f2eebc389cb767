import { CHILD_KINDS, isAnswerKind, type AnswerKind, type MarkOption } from '../../../schemas/parts/question-kinds';
import { markValue } from '../../common/questions/mark';
import { comparableText } from '../../common/questions/rich-text';
import { newAnswerId } from '../../common/questions/schema-parts';
import {
  booleanOf,
  codeOf,
  MARK_OPTION_LABELS,
  normalise,
  TYPE_NAMES,
  type RowKind,
  type SheetRow,
  type XlsxColumn,
} from './xlsx-columns';
import { XLSX_PROBLEMS as P } from './xlsx-problems';
import { splitOptions } from './xlsx-rows';

/**
 * Answer keys from a question's (or a related question's) own row and the part rows below it.
 * Every part gets a fresh random id. What cannot be read is reported with its row and left out
 * or defaulted; the key is then checked against its answer type by the caller.
 */

/** A part row and the kind it is (its Row cell, or what the question above implies when blank). */
export interface PartRow {
  kind: RowKind;
  row: SheetRow;
}

/** Reports a problem found on a row. */
export type Report = (key: string, row: number, params?: Record<string, string | number>) => void;

/** The part rows each answer type takes below its own row. */
const PARTS: Record<AnswerKind, RowKind[]> = {
  single_choice: ['option'],
  multiple_choice: ['option'],
  true_false: [],
  essay: [],
  fill_blanks: ['blank'],
  reordering: ['item', 'order'],
  matching: ['pair'],
  audio_response: [],
  categorizing: ['category', 'option'],
  paragraph: ['child'],
};

/** The kind of a part row whose Row cell is blank, under a question of a type. */
export const DEFAULT_PART: Partial<Record<AnswerKind, RowKind>> = {
  single_choice: 'option',
  multiple_choice: 'option',
  fill_blanks: 'blank',
  reordering: 'item',
  matching: 'pair',
  categorizing: 'option',
};

export const cell = (row: SheetRow, column: XlsxColumn): string => row.cells[column] ?? '';
const code = (row: SheetRow, column: XlsxColumn) => cell(row, column).trim();

/** The kind an Answer type cell names (its code, or its name in either language), or undefined. */
export function kindOf(text: string): AnswerKind | undefined {
  const word = normalise(text).replace(/ /g, '_');
  return isAnswerKind(word) ? word : codeOf(text, TYPE_NAMES);
}

// The row each part of a key was read from, so that what its answer type refuses names that row.
const PART_ROWS = new WeakMap<object, number>();
const fromRow = <T extends object>(part: T, row: SheetRow): T => (PART_ROWS.set(part, row.row), part);

/** The row of the part an issue's path leads to (the deepest part on the way), or `fallback`. */
export function rowOfPath(key: unknown, path: readonly PropertyKey[], fallback: number): number {
  let node = key;
  let row = fallback;
  for (const step of path) {
    if (!node || typeof node !== 'object') break;
    node = (node as Record<PropertyKey, unknown>)[step];
    if (node && typeof node === 'object') row = PART_ROWS.get(node) ?? row;
  }
  return row;
}

/** A number as typed, Arabic-Indic digits and the Arabic decimal separator included; NaN when not a plain number. */
export function numberOf(text: string): number {
  const western = text
    .trim()
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066B/g, '.');
  return /^-?\d+(\.\d+)?$/.test(western) ? Number(western) : NaN;
}

/** A mark cell: 1 when blank; a problem when not a mark. */
export function markOf(row: SheetRow, report: Report): number {
  const text = code(row, 'mark');
  if (text === '') return 1;
  const mark = numberOf(text);
  if (markValue.safeParse(mark).success) return mark;
  report(P.badMark, row.row, { value: text });
  return 1;
}

/** A mark option cell: all or nothing when blank; a problem when it is neither. */
export function markOptionOf(row: SheetRow, report: Report): MarkOption {
  const text = code(row, 'mark_option');
  if (text === '') return 'all_or_nothing';
  const option = codeOf(text, MARK_OPTION_LABELS);
  if (!option) report(P.badMarkOption, row.row, { value: text });
  return option ?? 'all_or_nothing';
}

/** A whole-number cell, undefined when blank (the answer type then says what is missing). */
export function wholeOf(row: SheetRow, column: XlsxColumn, report: Report): number | undefined {
  const text = code(row, column);
  if (text === '') return undefined;
  const value = numberOf(text);
  if (Number.isInteger(value)) return value;
  report(P.badNumber, row.row, { column, value: text });
  return undefined;
}

function correctOf(row: SheetRow, report: Report): boolean | undefined {
  const value = booleanOf(cell(row, 'correct'));
  if (value === null) report(P.badCorrect, row.row, { value: code(row, 'correct') });
  return value ?? undefined;
}

function categoriesKey(parts: PartRow[], report: Report) {
  const categories: { id: string; name: string; options: { id: string; text: string }[] }[] = [];
  let current: (typeof categories)[number] | undefined;
  for (const { kind, row } of parts) {
    if (kind === 'category') {
      current = fromRow({ id: newAnswerId(), name: cell(row, 'text'), options: [] }, row);
      categories.push(current);
      continue;
    }
    const named = cell(row, 'category');
    let category = current;
    if (named.trim() !== '') {
      category = categories.find((c) => comparableText(c.name) === comparableText(named));
      if (!category) categories.push((category = fromRow({ id: newAnswerId(), name: named, options: [] }, row)));
    }
    if (category) category.options.push(fromRow({ id: newAnswerId(), text: cell(row, 'text') }, row));
    else report(P.orphanRow, row.row, { part: kind });
  }
  return { categories };
}

function paragraphKey(own: SheetRow, parts: PartRow[], report: Report) {
  const children: unknown[] = [];
  let at = 0;
  for (; at < parts.length && parts[at].kind !== 'child'; at++)
    report(P.unexpectedRow, parts[at].row.row, { part: parts[at].kind, type: 'paragraph' });
  while (at < parts.length) {
    const head = parts[at].row;
    const end = parts.findIndex((p, i) => i > at && p.kind === 'child');
    const below = parts.slice(at + 1, end < 0 ? parts.length : end);
    at = end < 0 ? parts.length : end;
    const kind = kindOf(code(head, 'type'));
    if (!kind || !(CHILD_KINDS as readonly string[]).includes(kind)) {
      report(P.unknownType, head.row, { value: code(head, 'type') });
      continue;
    }
    if (cell(head, 'text').trim() === '') report(P.missingText, head.row);
    const definition = answerKey(kind, head, below, report);
    if (definition && typeof definition === 'object' && !PART_ROWS.has(definition)) fromRow(definition, head);
    children.push(
      fromRow(
        {
          id: newAnswerId(),
          kind,
          text: cell(head, 'text'),
          mark: markOf(head, report),
          mark_option: markOptionOf(head, report),
          definition,
        },
        head,
      ),
    );
  }
  return { passage: cell(own, 'passage'), children };
}

/**
 * The answer key of a question (or related question) of `kind` from its own row and its part
 * rows. Part rows its type has no place for, and a type that needs part rows without any, are
 * reported.
 */
export function answerKey(kind: AnswerKind, own: SheetRow, parts: PartRow[], report: Report): unknown {
  const allowed = PARTS[kind];
  if (kind !== 'paragraph') {
    for (const p of parts)
      if (!allowed.includes(p.kind)) report(P.unexpectedRow, p.row.row, { part: p.kind, type: kind });
    parts = parts.filter((p) => allowed.includes(p.kind));
  }
  if (allowed.length > 0 && parts.length === 0) report(P.missingOptions, own.row, { part: allowed[0] });
  const texts = (partKind: RowKind) => parts.filter((p) => p.kind === partKind).map((p) => p.row);
  switch (kind) {
    case 'single_choice':
    case 'multiple_choice':
      return {
        options: texts('option').map((r) =>
          fromRow({ id: newAnswerId(), text: cell(r, 'text'), correct: correctOf(r, report) ?? false }, r),
        ),
      };
    case 'true_false':
      return { correct: correctOf(own, report) };
    case 'essay':
      return { max_words: wholeOf(own, 'max_words', report) };
    case 'audio_response':
      return { max_duration_seconds: wholeOf(own, 'max_duration', report) };
    case 'fill_blanks':
      return {
        blanks: texts('blank').map((r) => {
          const options = splitOptions(cell(r, 'options'));
          const blank = {
            id: newAnswerId(),
            before: cell(r, 'before'),
            answer: cell(r, 'answer'),
            after: cell(r, 'after'),
          };
          return fromRow(options.length > 0 ? { ...blank, options } : blank, r);
        }),
      };
    case 'reordering': {
      const items = texts('item').map((r) => fromRow({ id: newAnswerId(), text: cell(r, 'text') }, r));
      // Another accepted order: the items' numbers as the rows above list them ("2 1 3 4"), in any
      // digits, the direction marks an Arabic cell may carry left out.
      const orders = texts('order').flatMap((r) => {
        const numbers = cell(r, 'text')
          .replace(/[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g, '')
          .split(/[\s,،]+/)
          .filter(Boolean)
          .map(numberOf);
        const whole =
          numbers.length === items.length &&
          new Set(numbers).size === items.length &&
          numbers.every((n) => Number.isInteger(n) && n >= 1 && n <= items.length);
        if (!whole) {
          report(P.orderInvalid, r.row, { count: items.length });
          return [];
        }
        // Kept with its row, so that what the bank refuses (the items' own order) names it.
        return [
          fromRow(
            numbers.map((n) => items[n - 1].id),
            r,
          ),
        ];
      });
      return { items, ...(orders.length ? { also_accepted: orders } : {}) };
    }
    case 'matching':
      return {
        pairs: texts('pair').map((r) =>
          fromRow({ id: newAnswerId(), left: cell(r, 'text'), right_id: newAnswerId(), right: cell(r, 'right') }, r),
        ),
      };
    case 'categorizing':
      return categoriesKey(parts, report);
    case 'paragraph':
      return paragraphKey(own, parts, report);
  }
}
