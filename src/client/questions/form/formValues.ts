import questionsBank from '../../../../schemas/questions-bank';
import { blankRecord, formPayload, formValuesOf } from '../../../common/declarations';
import { isAnswerKind, plainText } from '../../../common/questions';
import { childrenMark, emptyDefinition } from '../editors';
import type { QuestionFormValues, QuestionRecord } from '../types';

/** A new question: the declaration's starting values, the author's language as content language. */
export function newQuestionValues(language: string): QuestionFormValues {
  const { id: _id, platform_id: _platform, ...blank } = blankRecord(questionsBank);
  return {
    ...blank,
    content_language: language === 'ar' ? 'ar' : 'en',
    answer_key: emptyDefinition(blank.answer_type ?? 'single_choice'),
  };
}

type Json = Record<string, unknown>;

/**
 * The server stores a blank's texts as plain text with HTML entities (`a &amp; b`); the inputs
 * show them as typed. Rich texts stay HTML: the rich-text editor reads them as they are.
 */
function decodeBlanks(kind: unknown, definition: unknown): unknown {
  if (!definition || typeof definition !== 'object') return definition;
  const def = definition as Json;
  if (kind === 'fill_blanks' && Array.isArray(def.blanks)) {
    const text = (value: unknown) => (typeof value === 'string' ? plainText(value) : value);
    return {
      ...def,
      blanks: def.blanks.map((blank: Json) => ({
        ...blank,
        before: text(blank.before),
        after: text(blank.after),
        answer: text(blank.answer),
        ...(Array.isArray(blank.options) ? { options: blank.options.map(text) } : {}),
      })),
    };
  }
  if (kind === 'paragraph' && Array.isArray(def.children)) {
    return {
      ...def,
      children: def.children.map((child: Json) => ({
        ...child,
        definition: decodeBlanks(child.kind, child.definition),
      })),
    };
  }
  return definition;
}

/** A stored question as form values. */
export function questionFormValues(record: QuestionRecord): QuestionFormValues {
  const { id: _id, platform_id: _platform, ...values } = formValuesOf(questionsBank, record);
  return {
    ...values,
    answer_type: isAnswerKind(record.answer_type) ? record.answer_type : null,
    answer_key: decodeBlanks(record.answer_type, record.answer_key),
  };
}

/** A paragraph's mark is its children's sum: computed here, never typed. */
export function effectiveMark(values: Pick<QuestionFormValues, 'answer_type' | 'answer_key' | 'mark'>): number | null {
  if (values.answer_type !== 'paragraph') return values.mark;
  const children = (values.answer_key as { children?: unknown } | null)?.children;
  return Array.isArray(children) ? childrenMark(children) : 0;
}

/**
 * The body of POST and PUT /api/questions-bank: the authored fields only (relations and
 * read-only keys stay home) and the selected platform. The same body is validated with
 * `questionSchema` before it is sent.
 */
export function questionPayload(values: QuestionFormValues, platformId: number | null): Json {
  return formPayload(questionsBank, {
    ...values,
    mark: effectiveMark(values),
    media: values.media_type === 'none' ? null : values.media,
    platform_id: platformId,
  });
}
