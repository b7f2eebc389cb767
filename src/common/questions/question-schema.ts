import questionsBank from '../../../schemas/questions-bank';
import type { BodyOf } from '../declarations/record-types';
import { recordValidator, type Rule } from '../resource-validation';
import { isAnswerKind } from '../../../schemas/parts/question-kinds';
import { QM, type QuestionIssue } from '../../../schemas/parts/question-messages';
import { forwardIssues, toQuestionIssues } from './schema-parts';
import { markValue } from './mark';
import { isNothing } from './answer-input';
import { ANSWER_TYPES } from './registry';
import { paragraphMark, type ParagraphDefinition } from './types/paragraph';
import { round2 } from './score-result';
import type { TypedAnswerKey } from './definitions';

/** The declaration's media types, for the form's own media input. */
export const MEDIA_TYPES = questionsBank.fields.media_type.choices;

/** The question's checks that span fields, named in schemas/questions-bank.ts. */
export const QUESTION_RULES: Record<string, Rule> = {
  /** The answer definition is valid for its answer type; a paragraph's mark is its questions' sum. */
  'questions.answerKey': (question, ctx) => {
    const kind = question.answer_type;
    if (!isAnswerKind(kind)) return;
    if (isNothing(question.answer_key))
      return ctx.addIssue({ code: 'custom', message: QM.incomplete, path: ['answer_key'] });
    const parsed = ANSWER_TYPES[kind].definition.safeParse(question.answer_key);
    forwardIssues(ctx, parsed.error?.issues ?? [], ['answer_key']);
    // The console fills a paragraph's mark in; the server checks it.
    if (kind === 'paragraph' && parsed.success) {
      const mark = markValue.safeParse(question.mark);
      if (mark.success && round2(mark.data) !== paragraphMark(parsed.data as ParagraphDefinition)) {
        ctx.addIssue({ code: 'custom', message: QM.paragraphMarkMismatch, path: ['mark'] });
      }
    }
  },
  /** A question with image or audio media has its file. */
  'questions.mediaRequired': (question, ctx) => {
    if ((question.media_type === 'image' || question.media_type === 'audio') && isNothing(question.media)) {
      ctx.addIssue({ code: 'custom', message: QM.mediaRequired, path: ['media'] });
    }
  },
};

/**
 * A question as authored: the body of POST and PUT /api/questions-bank and the console's form,
 * built from schemas/questions-bank.ts. `answer_key` is validated by the schema of `answer_type`;
 * media is required unless the media type is none. Every message shows at once.
 */
export const questionSchema = recordValidator(questionsBank, QUESTION_RULES);

/** A valid question, from its declaration, its answer key typed by its answer type. */
export type AuthoredQuestion = Omit<BodyOf<typeof questionsBank>, 'answer_type' | 'answer_key'> & TypedAnswerKey;

/**
 * The one message to show above the form: the spec's "complete question information" when the
 * answer definition has any issue, else the first field's message.
 */
export function questionFormMessage(issues: readonly QuestionIssue[]): string | undefined {
  if (issues.some((issue) => issue.path[0] === 'answer_key')) return QM.incomplete;
  return issues[0]?.message;
}

/** Validates a question; on failure returns the issues (catalog keys with paths) and the form message. */
export function parseQuestion(
  input: unknown,
): { success: true; data: AuthoredQuestion } | { success: false; issues: QuestionIssue[]; message: string } {
  const parsed = questionSchema.safeParse(input);
  if (parsed.success) return { success: true, data: parsed.data as unknown as AuthoredQuestion };
  const issues = toQuestionIssues(parsed.error.issues);
  return { success: false, issues, message: questionFormMessage(issues) ?? QM.incomplete };
}
