import type { AnswerKind } from '../../../schemas/parts/question-kinds';

type Key = Record<string, unknown>;

const byId = <T>(items: T[] | undefined, pick: (item: T) => [unknown, unknown][]) =>
  Object.fromEntries((items ?? []).flatMap(pick).map(([id, value]) => [String(id), value]));

/**
 * The answer that earns a question's whole mark, in the shape of a student's answer with the key's
 * ids, so the same answer view can show it: a student's result and a corrector's screen show the
 * right answer with it, an author's import preview fills the question in with it. Essays and audio
 * responses have none (a person marks them): null. Read defensively (a key given in part, as a
 * result's `correct_answer` may be, gives what it holds).
 */
export function keyAnswer(kind: AnswerKind | string, key: unknown): unknown {
  if (!key || typeof key !== 'object') return null;
  const k = key as Key;
  switch (kind) {
    case 'single_choice':
      return { option_id: (k.options as Key[] | undefined)?.find((option) => option.correct)?.id ?? null };
    case 'multiple_choice':
      return { option_ids: ((k.options as Key[] | undefined) ?? []).filter((o) => o.correct).map((o) => o.id) };
    case 'true_false':
      return { value: Boolean(k.correct) };
    case 'fill_blanks':
      return { blanks: byId(k.blanks as Key[], (blank) => [[blank.id, blank.answer]]) };
    case 'reordering':
      return { order: ((k.items as Key[] | undefined) ?? []).map((item) => item.id) };
    case 'matching':
      return { matches: byId(k.pairs as Key[], (pair) => [[pair.id, pair.right_id]]) };
    case 'categorizing':
      return {
        placements: byId(k.categories as Key[], (category) =>
          ((category.options as Key[] | undefined) ?? []).map((option) => [option.id, category.id]),
        ),
      };
    case 'paragraph':
      return {
        children: byId(k.children as Key[], (child) => [[child.id, keyAnswer(String(child.kind), child.definition)]]),
      };
    default:
      return null;
  }
}
