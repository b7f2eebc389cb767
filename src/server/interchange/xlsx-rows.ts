import type { AnswerKind } from '../../../schemas/parts/question-kinds';
import type { CategorizingDefinition } from '../../common/questions/types/categorizing';
import type { FillBlanksDefinition } from '../../common/questions/types/fill-blanks';
import type { MatchingDefinition } from '../../common/questions/types/matching';
import type { ParagraphDefinition } from '../../common/questions/types/paragraph';
import type { ReorderingDefinition } from '../../common/questions/types/reordering';
import type { SingleChoiceDefinition } from '../../common/questions/types/single-choice';
import type { LookupName } from './interchange-item';
import type { PackageQuestion } from './qti/qti-package-writer';
import { XLSX_COLUMNS, type RowKind, type SheetLanguage, type XlsxColumn } from './xlsx-columns';

/** A row to write, by column; `row` says what it is. */
export type RowCells = Partial<Record<XlsxColumn, string | number | boolean>> & { row: RowKind };

/** The options of a blank in one cell: separated by `|`, a `|` or `\` inside an option escaped with `\`. */
export const joinOptions = (options: string[]): string =>
  options.map((o) => o.replace(/[\\|]/g, (c) => `\\${c}`)).join(' | ');

/** A blank's options cell split back into options (trimmed, empty ones left out). */
export function splitOptions(cell: string): string[] {
  const options: string[] = [];
  let current = '';
  for (let i = 0; i < cell.length; i++) {
    const c = cell[i];
    if (c === '\\' && i + 1 < cell.length && '\\|'.includes(cell[i + 1])) current += cell[++i];
    else if (c === '|') {
      options.push(current);
      current = '';
    } else current += c;
  }
  options.push(current);
  return options.map((o) => o.trim()).filter((o) => o !== '');
}

/** The cells a kind puts on its own row (question or child), and the part rows that follow it. */
function keyRows(kind: AnswerKind, key: unknown): { own: Partial<RowCells>; parts: RowCells[] } {
  switch (kind) {
    case 'single_choice':
    case 'multiple_choice':
      return {
        own: {},
        parts: (key as SingleChoiceDefinition).options.map((o) => ({
          row: 'option',
          text: o.text,
          correct: o.correct,
        })),
      };
    case 'true_false':
      return { own: { correct: (key as { correct: boolean }).correct }, parts: [] };
    case 'essay':
      return { own: { max_words: (key as { max_words: number }).max_words }, parts: [] };
    case 'audio_response':
      return { own: { max_duration: (key as { max_duration_seconds: number }).max_duration_seconds }, parts: [] };
    case 'fill_blanks':
      return {
        own: {},
        parts: (key as FillBlanksDefinition).blanks.map((b) => ({
          row: 'blank',
          before: b.before,
          answer: b.answer,
          after: b.after,
          ...(b.options ? { options: joinOptions(b.options) } : {}),
        })),
      };
    case 'reordering': {
      const { items, also_accepted: others = [] } = key as ReorderingDefinition;
      const numberOf = (id: string) => items.findIndex((it) => it.id === id) + 1;
      return {
        own: {},
        parts: [
          ...items.map((it): RowCells => ({ row: 'item', text: it.text })),
          // Each other accepted order by the items' numbers: "2 1 3 4".
          ...others.map((order): RowCells => ({ row: 'order', text: order.map(numberOf).join(' ') })),
        ],
      };
    }
    case 'matching':
      return {
        own: {},
        parts: (key as MatchingDefinition).pairs.map((p) => ({ row: 'pair', text: p.left, right: p.right })),
      };
    case 'categorizing':
      return {
        own: {},
        parts: (key as CategorizingDefinition).categories.flatMap((c): RowCells[] => [
          { row: 'category', text: c.name },
          ...c.options.map((o): RowCells => ({ row: 'option', text: o.text })),
        ]),
      };
    case 'paragraph': {
      const def = key as ParagraphDefinition;
      return {
        own: { passage: def.passage },
        parts: def.children.flatMap((child): RowCells[] => {
          const { own, parts } = keyRows(child.kind, child.definition);
          return [
            {
              row: 'child',
              type: child.kind,
              text: child.text,
              mark: child.mark,
              mark_option: child.mark_option,
              ...own,
            },
            ...parts,
          ];
        }),
      };
    }
  }
}

/** A lookup's name in the sheet's language, or in the other when it has none in this one. */
const nameIn = (name: LookupName | undefined, language: SheetLanguage) =>
  (language === 'ar' ? (name?.ar ?? name?.en) : (name?.en ?? name?.ar)) ?? '';

/** A stored media path (`media/<file>`) as the file name a teacher sees. */
const fileName = (path: string | null) => (path ? path.replace(/^media\//, '') : '');

/** A declared value as its cell holds it: a file by its name, nothing as an empty cell. */
function cellValue(value: unknown, file: boolean): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (file) return fileName(String(value));
  return typeof value === 'number' || typeof value === 'boolean' ? value : String(value);
}

/**
 * A question's rows: its question row (every column the declaration gives, the answer's own parts
 * and its lookups by name), then its part rows (a paragraph's children each followed by theirs).
 */
export function questionRows({ question, metadata }: PackageQuestion, language: SheetLanguage): RowCells[] {
  const { own, parts } = keyRows(question.answer_type, question.answer_key);
  const head: RowCells = { row: 'question', ref: question.identifier, ...own };
  for (const column of XLSX_COLUMNS) {
    if (column.source === 'lookup') head[column.key] = nameIn(metadata[column.key as keyof typeof metadata], language);
    else if (column.field && (column.source === 'value' || column.source === 'file' || column.key === 'type'))
      head[column.key] = cellValue(question[column.field], column.source === 'file');
  }
  return [head, ...parts];
}
