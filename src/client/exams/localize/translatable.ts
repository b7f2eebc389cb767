import { TRANSLATABLE_KEYS, type QuestionTranslation } from '../../../common/exams/localization';
import { isBlankHtml, plainText } from '../../../common/questions/rich-text';

/** A step into a question: an object key, or the entry of a list with this id. */
export type Segment = string | { id: string };

/** What a text is, for its label: the question's text, an option, a pair's left side, a blank's text before... */
export type TextRole =
  'text' | 'option' | 'item' | 'left' | 'right' | 'category' | 'passage' | 'child' | 'before' | 'after';

/** One text of a question a localization may replace. */
export interface TextSlot {
  /** Stable within the question: the path, with list entries named by id. */
  key: string;
  path: Segment[];
  original: string;
  /** Rich text (bold, color) or plain (a blank's surrounding text). */
  rich: boolean;
  role: TextRole;
}

const PLAIN = new Set(['before', 'after']);
const ROLE_OF_LIST: Record<string, TextRole> = {
  options: 'option',
  items: 'item',
  children: 'child',
  categories: 'category',
};
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function roleOf(key: string, list: string | null): TextRole {
  if (key === 'text') return list ? (ROLE_OF_LIST[list] ?? 'option') : 'text';
  if (key === 'name') return 'category';
  return key as TextRole;
}

// Stored keys come back in the database's order (jsonb sorts them: "after" before "before"):
// a node's own texts are listed first, in the order a reader meets them, then its parts.
const TEXT_ORDER = ['text', 'passage', 'name', 'left', 'right', 'before', 'after'];
const rank = ([key, value]: [string, unknown]) =>
  typeof value === 'string' && TEXT_ORDER.includes(key) ? TEXT_ORDER.indexOf(key) : TEXT_ORDER.length;
const readingOrder = (node: Record<string, unknown>) => Object.entries(node).sort((a, b) => rank(a) - rank(b));

const keyOf = (path: Segment[]) =>
  path.map((segment) => (typeof segment === 'string' ? segment : `#${segment.id}`)).join('/');

function walk(node: unknown, path: Segment[], list: string | null, out: TextSlot[]): void {
  if (Array.isArray(node)) {
    for (const item of node)
      if (isObject(item) && typeof item.id === 'string') walk(item, [...path, { id: item.id }], list, out);
    return;
  }
  if (!isObject(node)) return;
  for (const [key, value] of readingOrder(node)) {
    if (typeof value === 'string') {
      if (!TRANSLATABLE_KEYS.has(key) || value.trim() === '') continue;
      const slotPath = [...path, key];
      out.push({
        key: keyOf(slotPath),
        path: slotPath,
        original: value,
        rich: !PLAIN.has(key),
        role: roleOf(key, list),
      });
    } else {
      walk(value, [...path, key], Array.isArray(value) ? key : list, out);
    }
  }
}

/**
 * Every text of a question a localization may translate (the same keys the server overlays:
 * text, passage, name, left, right, before, after), in reading order. Answers, options of a
 * blank and anything else of the key are never offered.
 */
export function translatableTexts(question: { text: string; answer_key: unknown }): TextSlot[] {
  const slots: TextSlot[] = [{ key: 'text', path: ['text'], original: question.text, rich: true, role: 'text' }];
  walk(question.answer_key, ['answer_key'], null, slots);
  return slots;
}

/** Puts `value` at `path`, building objects for keys and id-matched list entries for `{id}` steps. */
function setAt(root: Record<string, unknown>, path: Segment[], value: string): void {
  let node: Record<string, unknown> = root;
  path.forEach((segment, index) => {
    const next = path[index + 1];
    if (typeof segment !== 'string') return;
    if (next === undefined) {
      node[segment] = value;
      return;
    }
    if (typeof next === 'string') {
      node[segment] = isObject(node[segment]) ? node[segment] : {};
      node = node[segment] as Record<string, unknown>;
      return;
    }
    const list = (Array.isArray(node[segment]) ? node[segment] : (node[segment] = [])) as Record<string, unknown>[];
    let entry = list.find((item) => item.id === next.id);
    if (!entry) list.push((entry = { id: next.id }));
    node = entry;
  });
}

/** The text at `path` of a stored translation, or '' when it has none. */
export function readAt(translation: unknown, path: Segment[]): string {
  let node: unknown = translation;
  for (const segment of path) {
    if (typeof segment === 'string') node = isObject(node) ? node[segment] : undefined;
    else node = Array.isArray(node) ? node.find((item) => isObject(item) && item.id === segment.id) : undefined;
  }
  return typeof node === 'string' ? node : '';
}

export type TranslationValues = Record<number, Record<string, string>>;

const isBlank = (value: string, rich: boolean) => (rich ? isBlankHtml(value) : value.trim() === '');

/**
 * The `translations` body of a localized exam: keyed by exam question id, each with the
 * question's text and an `answer_key` of the same shape holding only the translated texts.
 * Blank fields are left out, so the original text stays.
 */
export function buildTranslations(
  questions: readonly { id: number; text: string; answer_key: unknown }[],
  values: TranslationValues,
) {
  const result: Record<string, QuestionTranslation> = {};
  for (const question of questions) {
    const entered = values[question.id] ?? {};
    const translation: Record<string, unknown> = {};
    for (const slot of translatableTexts(question)) {
      const value = entered[slot.key];
      if (typeof value === 'string' && !isBlank(value, slot.rich)) setAt(translation, slot.path, value);
    }
    if (Object.keys(translation).length > 0) result[String(question.id)] = translation as QuestionTranslation;
  }
  return { questions: result };
}

const decode = (value: string, rich: boolean) => (rich ? value : plainText(value));

/** The form's starting values from a stored localization (or empty fields for a new one). */
export function initialValues(
  questions: readonly { id: number; text: string; answer_key: unknown }[],
  stored?: Record<string, QuestionTranslation>,
): TranslationValues {
  return Object.fromEntries(
    questions.map((question) => [
      question.id,
      // Plain texts are stored with HTML entities (`a &amp; b`); their inputs show them as typed.
      Object.fromEntries(
        translatableTexts(question).map((slot) => [
          slot.key,
          decode(readAt(stored?.[String(question.id)], slot.path), slot.rich),
        ]),
      ),
    ]),
  );
}
