import { keyAnswer, mediaAltIssue, parseQuestion, studentQuestion } from '../../common/questions/index';
import type { Db } from '../db/database';
import { detectMedia } from '../media/index';
import { PLAIN_TEXT_KEYS, RICH_TEXT_KEYS } from '../questions/index';
import { sanitizeRichFields } from '../questions/index';
import {
  LOOKUP_FIELDS,
  type InterchangeFile,
  type InterchangeItem,
  type ItemProblem,
  type LookupField,
  type LookupName,
} from './interchange-item';
import { platformLookups, type LookupRow, type LookupTables } from './lookup-tables';
import { noteLikelyDuplicates } from './interchange-duplicates';
import { lookupColumn, lookupField, QUESTION_FIELDS } from './question-fields';

export interface ImportOptions {
  /** A lookup for the questions whose file names none (Moodle XML, GIFT, a single item). */
  defaults: Partial<Record<LookupField, number>>;
  /** Create the lookup values a file names that the platform lacks (else each is an error). */
  createLookups: boolean;
  /** Import the rest: the questions in error are left out instead of refusing the file (issue 40). */
  skipErrors?: boolean;
}

/** A lookup value the import will create: its names, and for a learning outcome its skill's. */
export interface NewLookup {
  field: LookupField;
  name: LookupName;
  /**
   * The values of the lookups it belongs to (a learning outcome's skill), each an id or the key of
   * a value created too: its first question's.
   */
  within: Partial<Record<LookupField, number | string>>;
}

export type ItemStatus = 'create' | 'unsupported' | 'error';

/** One item of a plan: what it becomes (its kind) or why not. */
export interface PlannedItem {
  identifier: string;
  type: string | null;
  status: ItemStatus;
  problems: ItemProblem[];
  notes: ItemProblem[];
  /** Each lookup: an id, or the key of a value to create; absent when the question goes without. */
  lookups?: Partial<Record<LookupField, number | string>>;
  /** What the question becomes, when it reads as one: its author's preview. */
  preview?: ItemPreview;
}

/**
 * An item as the author's preview shows it: the student's view of the question (no media yet: the
 * file's are not stored before the import) and the answer that earns its whole mark, in the view's
 * shape (null for the kinds a person marks). Only ever shown to the importing author.
 */
export type ItemPreview = Omit<ReturnType<typeof studentQuestion>, 'media' | 'instruction_audio'> & {
  has_media: boolean;
  key: unknown;
};

function previewOf(question: Extract<ReturnType<typeof parseQuestion>, { success: true }>['data']): ItemPreview {
  const { media, instruction_audio, ...view } = studentQuestion(question);
  return {
    ...view,
    has_media: Boolean(media || instruction_audio),
    key: keyAnswer(question.answer_type, question.answer_key),
  };
}

export interface ImportPlan {
  items: PlannedItem[];
  newLookups: Map<string, NewLookup>;
  summary: { create: number; unsupported: number; errors: number; lookups_created: number };
}

const normal = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
const names = (name: LookupName) => [name.en, name.ar].filter((n): n is string => !!n && n.trim() !== '').map(normal);
export const newLookupKey = (field: LookupField, name: LookupName) => `${field}:${names(name).join('|')}`;

/** A lookup row the name matches in either language. */
const matching = (rows: LookupRow[], name: LookupName) => {
  const wanted = names(name);
  return rows.find((row) => wanted.includes(normal(row.name_en)) || wanted.includes(normal(row.name_ar)));
};

const problem = (key: string, params?: ItemProblem['params']): ItemProblem => ({ key, ...(params ? { params } : {}) });
const nameText = (name: LookupName) => [name.en, name.ar].filter(Boolean).join(' / ');

/** Stands in for what the import itself will supply when the shared question schema checks the item. */
const PLACEHOLDER_ID = 1;
const placeholderMedia = (kind: string) => (kind === 'image' ? 'media/placeholder.png' : 'media/placeholder.mp3');

/**
 * The question as the bank would receive it, lookups and media replaced by what the import
 * supplies: a lookup it has no value for is left empty (the validator says whether it may be).
 */
export function questionBody(
  item: InterchangeItem,
  platformId: number,
  ids: Partial<Record<LookupField, number | null>>,
  media: { media?: string; instruction_audio?: string },
) {
  const q = item.question!;
  return {
    ...q,
    platform_id: platformId,
    ...Object.fromEntries(LOOKUP_FIELDS.map((f) => [lookupColumn(f), ids[f] === undefined ? PLACEHOLDER_ID : ids[f]])),
    media: q.media_type === 'none' ? null : (media.media ?? null),
    instruction_audio: media.instruction_audio ?? null,
  };
}

async function checkMedia(file: InterchangeFile, path: string | undefined, kind: string, problems: ItemProblem[]) {
  if (!path) return;
  // An address elsewhere (http:, data:): a package carries its own files.
  if (/^[a-z][a-z0-9+.-]*:/i.test(path))
    return problems.push(problem('interchange.problems.media_remote', { name: path }));
  const bytes = file.media.get(path);
  if (!bytes) return problems.push(problem('interchange.problems.media_missing', { name: path }));
  const type = await detectMedia(Buffer.from(bytes));
  if (!type || type.kind !== kind) problems.push(problem('interchange.problems.media_invalid', { name: path }));
}

/**
 * Whether a lookup value disagrees with the values it must agree with (a learning outcome with the
 * question's skill): an existing one that belongs to another value (or to any, when that value is
 * to be created), or one to be created that an earlier question already gave another. A new value
 * takes its first question's.
 */
function disagrees(
  field: LookupField,
  resolved: Partial<Record<LookupField, number | string>>,
  rows: LookupRow[],
  newLookups: Map<string, NewLookup>,
): boolean {
  const value = resolved[field];
  if (value === undefined) return false;
  return lookupField(field).within.some((other) => {
    const wanted = resolved[other];
    if (wanted === undefined) return false;
    if (typeof value === 'number') return rows.find((r) => r.id === value)?.[lookupColumn(other)] !== wanted;
    const created = newLookups.get(value)!;
    created.within[other] ??= wanted;
    return created.within[other] !== wanted;
  });
}

const fieldLabel = (field: LookupField) => `resources.questions-bank.fields.${lookupColumn(field)}`;

/**
 * Plans an import against the platform as it is: each item's lookups matched by name in either
 * language (or the defaults, or created when asked), its media found in the file and checked by
 * content, and the question checked by the same schema as one typed in the console.
 */
export async function planImport(
  db: Db,
  tables: LookupTables,
  file: InterchangeFile,
  platformId: number,
  options: ImportOptions,
): Promise<ImportPlan> {
  const lookups = await platformLookups(db, tables, platformId);
  const newLookups = new Map<string, NewLookup>();
  const items: PlannedItem[] = [];
  for (const item of file.items) {
    const notes = [...(item.notes ?? [])];
    if (item.unsupported) {
      items.push({
        identifier: item.identifier,
        type: null,
        status: 'unsupported',
        problems: [item.unsupported],
        notes,
      });
      continue;
    }
    const problems = [...item.problems];
    if (!item.question) {
      if (problems.length === 0) problems.push(problem('interchange.problems.unreadable_question'));
      items.push({ identifier: item.identifier, type: null, status: 'error', problems, notes });
      continue;
    }
    // Stored like a question written before alt text existed; the editor asks for it when next edited.
    if (mediaAltIssue(item.question)) notes.push(problem('interchange.problems.picture_without_alt'));
    const resolved: Partial<Record<LookupField, number | string>> = {};
    for (const field of LOOKUP_FIELDS) {
      const name = item.metadata[field];
      const row = name && names(name).length ? matching(lookups[field], name) : undefined;
      if (row) resolved[field] = row.id;
      else if (name && names(name).length && options.createLookups) {
        const key = newLookupKey(field, name);
        if (!newLookups.has(key)) newLookups.set(key, { field, name, within: {} });
        resolved[field] = key;
        notes.push(problem('interchange.problems.lookup_created', { field: fieldLabel(field), name: nameText(name) }));
      } else if (name && names(name).length)
        problems.push(
          problem('interchange.problems.lookup_unmatched', { field: fieldLabel(field), name: nameText(name) }),
        );
      else if (options.defaults[field]) resolved[field] = options.defaults[field]!;
      // A lookup a question may go without stays empty.
      else if (lookupField(field).required)
        problems.push(problem('interchange.problems.lookup_missing', { field: fieldLabel(field) }));
    }
    for (const field of LOOKUP_FIELDS)
      if (disagrees(field, resolved, lookups[field], newLookups)) {
        const invalid = QUESTION_FIELDS[lookupColumn(field)]?.messages?.invalid;
        problems.push(problem(invalid ?? 'validation.reference_mismatch'));
      }
    await checkMedia(file, item.media, item.question.media_type, problems);
    await checkMedia(file, item.instructionAudio, 'audio', problems);
    const body = questionBody(
      item,
      platformId,
      // What it lacks: a placeholder where a problem says so already, none where it may go without.
      Object.fromEntries(
        LOOKUP_FIELDS.filter((f) => resolved[f] === undefined && !lookupField(f).required).map((f) => [f, null]),
      ),
      {
        media: item.media ? placeholderMedia(item.question.media_type) : undefined,
        instruction_audio: item.instructionAudio ? placeholderMedia('audio') : undefined,
      },
    );
    const parsed = parseQuestion(sanitizeRichFields(body, RICH_TEXT_KEYS, PLAIN_TEXT_KEYS));
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.issues)
        if (!seen.has(issue.message)) {
          seen.add(issue.message);
          problems.push(problem(issue.message, issue.params));
        }
    }
    items.push({
      identifier: item.identifier,
      type: item.question.answer_type,
      status: problems.length ? 'error' : 'create',
      problems,
      notes,
      lookups: resolved,
      ...(parsed.success ? { preview: previewOf(parsed.data) } : {}),
    });
  }
  await noteLikelyDuplicates(db, platformId, items);
  const count = (status: ItemStatus) => items.filter((i) => i.status === status).length;
  return {
    items,
    newLookups,
    summary: {
      create: count('create'),
      unsupported: count('unsupported'),
      errors: count('error'),
      lookups_created: newLookups.size,
    },
  };
}
