import type { AnswerKind } from '../../../schemas/parts/question-kinds';
import type { AnswerType, ScoreResult } from './answer-type';
import { QM, type QuestionIssue } from '../../../schemas/parts/question-messages';
import { hasUnsafeKeys } from './answer-input';
import { isValidMark, zero } from './score-result';

/** Some or all of the answer types, by kind. */
export type AnswerTypeRegistry = Partial<Record<AnswerKind, AnswerType>>;

/** The answer type of `kind` in `registry`, or undefined for anything else (never a prototype member). */
export function typeOf(registry: AnswerTypeRegistry, kind: unknown): AnswerType | undefined {
  return typeof kind === 'string' && Object.hasOwn(registry, kind) ? registry[kind as AnswerKind] : undefined;
}

const parses = (type: AnswerType, answer: unknown) => type.answer.safeParse(answer).success;

// A malformed answer that another kind would accept was sent for the wrong question.
function isOtherKindsAnswer(registry: AnswerTypeRegistry, own: AnswerType, answer: unknown): boolean {
  try {
    if (hasUnsafeKeys(answer) || parses(own, answer)) return false;
    return Object.values(registry).some((type) => type !== own && parses(type, answer));
  } catch {
    return false;
  }
}

/**
 * Scores `answer` with the type of `kind` from `registry`, after checking the kind and the
 * stored definition. Never throws: every failure is a zero score with a reason.
 */
export function scoreWith(
  registry: AnswerTypeRegistry,
  kind: unknown,
  definition: unknown,
  answer: unknown,
  mark: number,
  markOption: unknown,
): ScoreResult {
  const max = isValidMark(mark) ? mark : 0;
  const type = typeOf(registry, kind);
  if (!type) return zero(max, 'unknown_kind');
  try {
    const parsed = type.definition.safeParse(definition);
    if (!parsed.success) return zero(max, 'invalid_definition');
    const result = type.score(parsed.data, answer, mark, markOption === 'partial' ? 'partial' : 'all_or_nothing');
    return result.reason === 'malformed' && isOtherKindsAnswer(registry, type, answer)
      ? { ...result, reason: 'wrong_kind' }
      : result;
  } catch {
    return zero(max, 'malformed');
  }
}

/** Delivery's check of an answer against the stored definition; see `AnswerType.validateAnswer`. */
export function validateWith(
  registry: AnswerTypeRegistry,
  kind: unknown,
  definition: unknown,
  answer: unknown,
): QuestionIssue[] {
  const type = typeOf(registry, kind);
  const parsed = type && parsedDefinition(type, definition);
  if (!type || !parsed?.success) return [{ path: [], message: QM.answerInvalid }];
  return type.validateAnswer(parsed.data, answer);
}

type Parsed = ReturnType<AnswerType['definition']['safeParse']>;
const parsedDefinitions = new WeakMap<object, { type: AnswerType; parsed: Parsed }>();

/**
 * A stored definition read by its kind's schema, once per definition object: delivery keeps an
 * exam's keys in memory while students save (answer-save.ts), and reading a definition again for
 * every save was a tenth of a save's server time (its texts normalised, its ids checked; issue 44).
 * A definition is never changed in place once read from the database.
 */
function parsedDefinition(type: AnswerType, definition: unknown): Parsed {
  if (definition === null || typeof definition !== 'object') return type.definition.safeParse(definition);
  const kept = parsedDefinitions.get(definition);
  if (kept?.type === type) return kept.parsed;
  const parsed = type.definition.safeParse(definition);
  parsedDefinitions.set(definition, { type, parsed });
  return parsed;
}
