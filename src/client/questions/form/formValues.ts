import { isAnswerKind, plainText, type AnswerKind } from '../../../common/questions';
import { childrenMark, emptyDefinition } from '../editors';
import type { QuestionFormValues, QuestionRecord } from '../types';

/** A new question: the editor of the first kind open, the author's language as content language. */
export function newQuestionValues(language: string): QuestionFormValues {
  return {
    text: '',
    content_language: language === 'ar' ? 'ar' : 'en',
    question_type_id: null,
    skill_id: null,
    difficulty_level_id: null,
    cognitive_level_id: null,
    learning_outcome_id: null,
    depth_of_knowledge_id: null,
    mark: 1,
    mark_option: 'all_or_nothing',
    media_type: 'none',
    media: null,
    media_replay_count: 0,
    instruction_audio: null,
    answer_type: 'single_choice',
    answer_key: emptyDefinition('single_choice'),
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
  return {
    text: record.text ?? '',
    content_language: record.content_language === 'ar' ? 'ar' : 'en',
    question_type_id: record.question_type_id ?? null,
    skill_id: record.skill_id ?? null,
    difficulty_level_id: record.difficulty_level_id ?? null,
    cognitive_level_id: record.cognitive_level_id ?? null,
    learning_outcome_id: record.learning_outcome_id ?? null,
    depth_of_knowledge_id: record.depth_of_knowledge_id ?? null,
    mark: record.mark ?? null,
    mark_option: record.mark_option ?? null,
    media_type: record.media_type ?? 'none',
    media: record.media ?? null,
    media_replay_count: record.media_replay_count ?? 0,
    instruction_audio: record.instruction_audio ?? null,
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
  const kind: AnswerKind | null = values.answer_type;
  return {
    text: values.text,
    content_language: values.content_language,
    question_type_id: values.question_type_id,
    skill_id: values.skill_id,
    difficulty_level_id: values.difficulty_level_id,
    cognitive_level_id: values.cognitive_level_id,
    learning_outcome_id: values.learning_outcome_id,
    depth_of_knowledge_id: values.depth_of_knowledge_id,
    mark: effectiveMark(values),
    mark_option: values.mark_option,
    media_type: values.media_type,
    media: values.media_type === 'none' ? null : values.media,
    media_replay_count: values.media_replay_count,
    instruction_audio: values.instruction_audio,
    answer_type: kind,
    answer_key: values.answer_key ?? null,
    platform_id: platformId,
  };
}
