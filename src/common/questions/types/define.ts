import type { z } from 'zod';
import type { AnswerKind, MarkOption } from '../../../../schemas/parts/question-kinds';
import type { AnswerIds, AnswerType, Shuffle } from '../answer-type';
import { QM, type QuestionIssue } from '../../../../schemas/parts/question-messages';
import { hasUnsafeKeys } from '../answer-input';
import { awaitingCorrection, earned, isValidMark, zero } from '../score-result';

/** What a kind declares; `defineAnswerType` adds the shared scoring and answer checks. */
export interface AnswerTypeSpec<Definition, Answer, View> {
  kind: AnswerKind;
  manual: boolean;
  definition: z.ZodType<Definition>;
  answer: z.ZodType<Answer>;
  studentView(definition: Definition, shuffle?: Shuffle): View;
  isEmpty(answer: unknown): boolean;
  /** Whether every id the answer names exists in the definition; if not, it is malformed. */
  fits(definition: Definition, answer: Answer): boolean;
  /** The fraction (0..1) of the mark a fitting answer earns; absent for manual kinds. */
  grade?(definition: Definition, answer: Answer, markOption: MarkOption): number;
  /** Limits enforced when a student submits (essay words, recording duration). */
  limits?(definition: Definition, answer: Answer): QuestionIssue[];
  /** Where its answer-part ids are, when it has any. */
  ids?: AnswerIds<Definition>;
}

/**
 * Builds an answer type whose `score` and `validateAnswer` follow one sequence for every
 * kind: empty, then shape and ids, then the kind's own grading. Nothing in it throws.
 */
export function defineAnswerType<Definition, Answer, View>(
  spec: AnswerTypeSpec<Definition, Answer, View>,
): AnswerType<Definition, Answer, View> {
  const read = (definition: Definition, answer: unknown): Answer | undefined => {
    if (hasUnsafeKeys(answer)) return undefined;
    const parsed = spec.answer.safeParse(answer);
    return parsed.success && spec.fits(definition, parsed.data) ? parsed.data : undefined;
  };

  return {
    kind: spec.kind,
    manual: spec.manual,
    definition: spec.definition,
    answer: spec.answer,
    studentView: spec.studentView,
    ...(spec.ids ? { ids: spec.ids } : {}),
    isEmpty: (answer) => {
      try {
        return spec.isEmpty(answer);
      } catch {
        return false;
      }
    },
    score(definition, answer, mark, markOption) {
      if (!isValidMark(mark)) return zero(0, 'invalid_mark');
      try {
        if (spec.isEmpty(answer)) return zero(mark, 'empty');
        const parsed = read(definition, answer);
        if (parsed === undefined) return zero(mark, 'malformed');
        // Anything but an explicit 'partial' is all or nothing: the stricter reading.
        const option: MarkOption = markOption === 'partial' ? 'partial' : 'all_or_nothing';
        return spec.grade ? earned(mark, spec.grade(definition, parsed, option)) : awaitingCorrection(mark);
      } catch {
        return zero(mark, 'malformed');
      }
    },
    validateAnswer(definition, answer) {
      try {
        if (spec.isEmpty(answer)) return [];
        const parsed = read(definition, answer);
        if (parsed === undefined) return [{ path: [], message: QM.answerInvalid }];
        return spec.limits?.(definition, parsed) ?? [];
      } catch {
        return [{ path: [], message: QM.answerInvalid }];
      }
    },
  };
}
