import { z } from 'zod';
import { ANSWER_KINDS, MARK_OPTIONS, isAnswerKind } from './kinds';
import { QM, type QuestionIssue } from './messages';
import { QUESTION_LIMITS } from './limits';
import { forwardIssues, richText, toQuestionIssues } from './schema-parts';
import { markValue } from './mark';
import { mediaReferenceField } from './media-reference';
import { isNothing, isRecord } from './answer-input';
import { ANSWER_TYPES } from './registry';
import { paragraphMark, type ParagraphDefinition } from './types/paragraph';
import { round2 } from './score-result';
import type { TypedAnswerKey } from './definitions';

export const CONTENT_LANGUAGES = ['en', 'ar'] as const;
export const MEDIA_TYPES = ['none', 'image', 'audio'] as const;

/**
 * Keys a client may send back from a record it read (react-admin posts the whole record on
 * edit); they are accepted and ignored, as for the lookup resources. Anything else is refused.
 */
export const QUESTION_READ_ONLY_KEYS = [
  'id', 'created_at', 'updated_at', 'platform', 'question_type', 'skill', 'difficulty_level',
  'cognitive_level', 'learning_outcome', 'depth_of_knowledge',
] as const;

// Ids may come from form inputs as strings; true, "" and "1a" must not pass as ids.
const integerString = (value: unknown) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value);

/** A reference to a lookup row: an integer id from 1; missing, null, 0 or junk give `key`. */
export const referenceId = (key: string) =>
  z.preprocess(integerString, z.number({ error: key }).int({ error: key }).min(1, { error: key }).max(2_147_483_647, { error: key }));

const replayCount = z.preprocess(
  integerString,
  z.number({ error: QM.replayRequired }).int({ error: QM.replayInvalid }).min(0, { error: QM.replayInvalid }).max(QUESTION_LIMITS.replayCount, { error: QM.replayInvalid }),
);

const readOnly = Object.fromEntries(QUESTION_READ_ONLY_KEYS.map((key) => [key, z.unknown().optional()])) as Record<
  (typeof QUESTION_READ_ONLY_KEYS)[number],
  z.ZodOptional<z.ZodUnknown>
>;

/** The fields of a question without the checks that span fields (see `questionSchema`). */
export const questionObject = z.strictObject(
  {
    text: richText(QUESTION_LIMITS.questionText, QM.textRequired),
    content_language: z.enum(CONTENT_LANGUAGES, { error: QM.invalid }).default('ar'),
    question_type_id: referenceId(QM.typeRequired),
    skill_id: referenceId(QM.skillRequired),
    difficulty_level_id: referenceId(QM.difficultyRequired),
    cognitive_level_id: referenceId(QM.cognitiveRequired),
    learning_outcome_id: referenceId(QM.outcomeRequired),
    depth_of_knowledge_id: referenceId(QM.depthRequired),
    mark: markValue,
    mark_option: z.enum(MARK_OPTIONS, { error: QM.markOptionRequired }),
    media_type: z.enum(MEDIA_TYPES, { error: QM.invalid }).default('none'),
    media: mediaReferenceField().nullable().default(null),
    media_replay_count: replayCount,
    instruction_audio: mediaReferenceField().nullable().default(null),
    answer_type: z.enum(ANSWER_KINDS, { error: QM.answerTypeRequired }),
    // Validated by the answer type's own schema in `questionSchema`, with paths under answer_key.
    answer_key: z.unknown().optional(),
    platform_id: referenceId(QM.platformRequired),
    ...readOnly,
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? QM.unknownField : QM.invalid) },
);

type Ctx = z.core.$RefinementCtx;

function checkAnswerKey(value: Record<string, unknown>, ctx: Ctx): void {
  const kind = value.answer_type;
  if (!isAnswerKind(kind)) return;
  if (isNothing(value.answer_key)) return ctx.addIssue({ code: 'custom', message: QM.incomplete, path: ['answer_key'] });
  const parsed = ANSWER_TYPES[kind].definition.safeParse(value.answer_key);
  forwardIssues(ctx, parsed.error?.issues ?? [], ['answer_key']);
  // A paragraph's mark is the sum of its children's: the console fills it in, the server checks it.
  if (kind === 'paragraph' && parsed.success) {
    const mark = markValue.safeParse(value.mark);
    if (mark.success && round2(mark.data) !== paragraphMark(parsed.data as ParagraphDefinition)) {
      ctx.addIssue({ code: 'custom', message: QM.paragraphMarkMismatch, path: ['mark'] });
    }
  }
}

/**
 * A question as authored: the body of POST and PUT /api/questions-bank and the console's form.
 * `answer_key` is validated by the schema of `answer_type`; media is required unless the
 * media type is none. The checks run even when other fields fail, so every message shows at once.
 */
export const questionSchema = questionObject.superRefine(
  (value, ctx) => {
    const record = value as unknown as Record<string, unknown>;
    checkAnswerKey(record, ctx);
    if ((record.media_type === 'image' || record.media_type === 'audio') && isNothing(record.media)) {
      ctx.addIssue({ code: 'custom', message: QM.mediaRequired, path: ['media'] });
    }
  },
  { when: (payload) => isRecord(payload.value) },
);

export type QuestionInput = z.input<typeof questionObject>;

/** A valid question, its answer key typed by its answer type. */
export type AuthoredQuestion = Omit<z.output<typeof questionObject>, 'answer_type' | 'answer_key' | (typeof QUESTION_READ_ONLY_KEYS)[number]> &
  TypedAnswerKey;

/**
 * The one message to show above the form: the spec's "complete question information" when the
 * answer definition has any issue, else the first field's message.
 */
export function questionFormMessage(issues: readonly QuestionIssue[]): string | undefined {
  if (issues.some((issue) => issue.path[0] === 'answer_key')) return QM.incomplete;
  return issues[0]?.message;
}

/** Validates a question; on failure returns the issues (catalog keys with paths) and the form message. */
export function parseQuestion(input: unknown): { success: true; data: AuthoredQuestion } | { success: false; issues: QuestionIssue[]; message: string } {
  const parsed = questionSchema.safeParse(input);
  if (parsed.success) return { success: true, data: parsed.data as unknown as AuthoredQuestion };
  const issues = toQuestionIssues(parsed.error.issues);
  return { success: false, issues, message: questionFormMessage(issues) ?? QM.incomplete };
}
