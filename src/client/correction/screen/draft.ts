import type { CorrectionItem, CorrectionQuestion, CorrectionView } from '../../../common/contracts/index';
import type { CorrectionBody, CorrectionEntry } from '../../providers/correctionMethods';

/** What the marker has typed for one item: the inputs' own text. */
export interface ItemDraft {
  mark: string;
  comment: string;
  reason: string;
  /** An automatically scored item whose score the marker replaces (with a reason). */
  override: boolean;
}

/** The marker's typed changes, by item; an item without one shows its saved mark. */
export type Edits = Readonly<Record<string, ItemDraft>>;
/** A message under an input, by item and input. */
export type ItemErrors = Readonly<Record<string, Partial<Record<'mark' | 'comment' | 'reason', string>>>>;

export const itemKey = (questionId: number, part: string) => `${questionId}:${part}`;

/** The item as saved: the marker's own mark, comment and reason. */
export function savedDraft(item: CorrectionItem): ItemDraft {
  const mine = item.mine;
  return {
    mark: mine?.mark === null || mine?.mark === undefined ? '' : String(mine.mark),
    comment: mine?.comment ?? '',
    reason: mine?.reason ?? '',
    override: !item.manual && mine?.mark !== null && mine?.mark !== undefined,
  };
}

/** The entry a draft sends: a mark only where one is given (an unticked override takes the mark back). */
function entryOf(question: CorrectionQuestion, item: CorrectionItem, draft: ItemDraft): CorrectionEntry {
  const marked = item.manual || draft.override;
  const mark = marked && draft.mark.trim() !== '' ? Number(draft.mark) : null;
  return {
    question_id: question.id,
    part: item.part,
    mark,
    comment: draft.comment.trim() || null,
    reason: !item.manual && mark !== null ? draft.reason.trim() || null : null,
  };
}

const sameEntry = (a: CorrectionEntry, b: CorrectionEntry) =>
  a.mark === b.mark && a.comment === b.comment && a.reason === b.reason;

export interface Change {
  key: string;
  question: CorrectionQuestion;
  item: CorrectionItem;
  entry: CorrectionEntry;
}

/** The items whose typed values would change what is saved, in the order of the screen. */
export function changesOf(view: CorrectionView, edits: Edits): Change[] {
  return view.questions.flatMap((question) =>
    question.items.flatMap((item) => {
      const key = itemKey(question.id, item.part);
      const draft = edits[key];
      if (!draft) return [];
      const entry = entryOf(question, item, draft);
      return sameEntry(entry, entryOf(question, item, savedDraft(item))) ? [] : [{ key, question, item, entry }];
    }),
  );
}

/** What another save left on an item: its newer saved mark and comment, by item. */
export type SavedMeanwhile = Readonly<Record<string, { mark: number | null; comment: string | null }>>;

const savedEntries = (view: CorrectionView) =>
  new Map(
    view.questions.flatMap((question) =>
      question.items.map(
        (item) => [itemKey(question.id, item.part), entryOf(question, item, savedDraft(item))] as const,
      ),
    ),
  );

/** The saved values of each item, as drafts. */
const savedDrafts = (view: CorrectionView) =>
  new Map(
    view.questions.flatMap((question) =>
      question.items.map((item) => [itemKey(question.id, item.part), savedDraft(item)] as const),
    ),
  );

/**
 * After a 409, the marker's drafts (typed over `before`) over the newer correction `after`: in
 * each draft, what the marker left as it was takes the newer saved value, and what the marker
 * changed stays; a draft that then equals what is saved is let go.
 */
export function rebaseEdits(before: CorrectionView, after: CorrectionView, edits: Edits): Edits {
  const base = savedDrafts(before);
  const kept: Record<string, ItemDraft> = {};
  for (const question of after.questions)
    for (const item of question.items) {
      const key = itemKey(question.id, item.part);
      const draft = edits[key];
      if (!draft) continue;
      const theirs = savedDraft(item);
      const old = base.get(key) ?? theirs;
      const pick = <K extends keyof ItemDraft>(field: K) =>
        draft[field] === old[field] ? theirs[field] : draft[field];
      const merged = {
        mark: pick('mark'),
        comment: pick('comment'),
        reason: pick('reason'),
        override: pick('override'),
      };
      if (!sameEntry(entryOf(question, item, merged), entryOf(question, item, theirs))) kept[key] = merged;
    }
  return kept;
}

/** The items whose saved values changed from `before` to `after` (another save came first). */
export function savedMeanwhile(before: CorrectionView, after: CorrectionView): SavedMeanwhile {
  const previous = savedEntries(before);
  const changed: Record<string, { mark: number | null; comment: string | null }> = {};
  for (const [key, saved] of savedEntries(after)) {
    const old = previous.get(key);
    if (!old || !sameEntry(old, saved)) changed[key] = { mark: saved.mark, comment: saved.comment };
  }
  return changed;
}

export const bodyOf = (view: CorrectionView, changes: Change[]): CorrectionBody => ({
  exam_id: view.exam.id,
  // Under anonymous marking the student is named by their code alone.
  ...(view.student.code !== null ? { code: view.student.code } : { student_id: view.student.id! }),
  version: view.marker.version,
  corrections: changes.map((change) => change.entry),
});

/** The checks the server makes too, so the marker hears of them before a round trip. */
export function localErrors(changes: Change[], reasonRequired: string): ItemErrors {
  const errors: Record<string, { reason: string }> = {};
  for (const { key, item, entry } of changes)
    if (!item.manual && entry.mark !== null && !entry.reason) errors[key] = { reason: reasonRequired };
  return errors;
}

/** A 422's `errors` (`corrections.0.mark`) under the inputs of the items that were sent. */
export function serverErrors(changes: Change[], errors: Record<string, string> | undefined): ItemErrors {
  const byItem: Record<string, Partial<Record<'mark' | 'comment' | 'reason', string>>> = {};
  for (const [field, message] of Object.entries(errors ?? {})) {
    const match = /^corrections\.(\d+)\.(\w+)$/.exec(field);
    const change = match ? changes[Number(match[1])] : undefined;
    if (!match || !change) continue;
    const input = match[2] === 'comment' || match[2] === 'reason' ? match[2] : 'mark';
    byItem[change.key] = { ...byItem[change.key], [input]: message };
  }
  return byItem;
}

/** A typed mark held between 0 and the item's mark (an empty box stays empty). */
export function clampMark(text: string, max: number): string {
  if (text.trim() === '') return '';
  const value = Number(text);
  if (Number.isNaN(value)) return '';
  if (value < 0) return '0';
  if (value > max) return String(max);
  return text;
}
