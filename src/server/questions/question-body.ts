import { z } from 'zod';
import questionsBank from '../../../schemas/questions-bank';
import { describeBody } from '../../common/declarations';
import { QM, questionFormMessage, questionSchema } from '../../common/questions/index';
import { ValidationIssues, type SchemaIssue } from '../http/app-error';
import { withFormMessage } from '../http/route-body';
import { PLAIN_TEXT_KEYS, RICH_TEXT_KEYS } from './sanitize-keys';
import { sanitizeRichFields } from './sanitize-rich-text';

/** Keys the API adds when it answers with a question (its media's URLs): sent back, they are dropped. */
export const SERVER_KEYS = new Set(['media_url', 'instruction_audio_url']);

/** Without the server's keys, and sanitized, so that a text that was only markup reads as missing. */
function cleaned(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const kept = Object.fromEntries(Object.entries(input).filter(([key]) => !SERVER_KEYS.has(key)));
  return sanitizeRichFields(kept, RICH_TEXT_KEYS, PLAIN_TEXT_KEYS);
}

/** The 422's message: "complete question information" when the answer definition has any issue, else the first field's. */
const formMessage = (issues: readonly SchemaIssue[]) =>
  questionFormMessage(
    issues.map((issue) => ({
      path: (issue.path ?? []).map((part) => (typeof part === 'number' ? part : String(part))),
      message: String(issue.message ?? ''),
    })),
  ) ?? QM.incomplete;

/**
 * The body of POST and PUT /api/questions-bank (and of a question written inside an exam): the
 * declaration's fields and rules (schemas/questions-bank.ts through `questionSchema`), rich text
 * sanitized first. Declared on the routes, so it is validated once, there.
 */
export const questionBody = withFormMessage(
  z
    .preprocess(cleaned, questionSchema)
    .describe(
      describeBody(
        questionsBank,
        'answer_key is validated by its answer_type (one of the ten kinds); rich text is sanitized before validation. ' +
          'An incomplete answer_key gives 422 "You need to add / complete question information before saving."',
      ),
    ),
  formMessage,
);

/** A valid question body, typed by its declaration. */
export type QuestionBody = z.output<typeof questionBody>;

/** Validates a body that did not come through a route (an imported question), as the routes do: 422 on failure. */
export function parseQuestionBody(input: unknown): QuestionBody {
  const parsed = questionBody.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues as unknown as readonly SchemaIssue[];
  throw new ValidationIssues(issues, formMessage(issues));
}
