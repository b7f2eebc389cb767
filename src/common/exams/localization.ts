/**
 * A localized exam carries its own texts for the exam's questions; structure, marks, answer keys
 * and media stay the parent's. A translation mirrors a question's text fields, matched by the
 * ids of options, items, pairs, categories, blanks and children.
 */
export const TRANSLATABLE_KEYS: ReadonlySet<string> = new Set([
  'text',
  'passage',
  'name',
  'left',
  'right',
  'before',
  'after',
]);

export interface QuestionTranslation {
  text?: string;
  answer_key?: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Overlays translated texts on `base`: only translatable strings change, and only where the overlay has text. */
export function overlayTexts(base: unknown, overlay: unknown): unknown {
  if (Array.isArray(base)) {
    if (!Array.isArray(overlay)) return base;
    return base.map((item) => {
      if (!isObject(item) || typeof item.id !== 'string') return item;
      return overlayTexts(
        item,
        overlay.find((o) => isObject(o) && o.id === item.id),
      );
    });
  }
  if (!isObject(base) || !isObject(overlay)) return base;
  return Object.fromEntries(
    Object.entries(base).map(([key, value]) => {
      const other = overlay[key];
      if (typeof value === 'string') {
        return [key, TRANSLATABLE_KEYS.has(key) && typeof other === 'string' && other.trim() !== '' ? other : value];
      }
      return [key, overlayTexts(value, other)];
    }),
  );
}

/** A question with a localization's texts applied (its own text and its answer definition's texts). */
export function applyTranslation<Q extends { text: string; answer_key: unknown }>(
  question: Q,
  translation: QuestionTranslation | undefined,
): Q {
  if (!translation) return question;
  return {
    ...question,
    text: typeof translation.text === 'string' && translation.text.trim() !== '' ? translation.text : question.text,
    answer_key: overlayTexts(question.answer_key, translation.answer_key),
  };
}
