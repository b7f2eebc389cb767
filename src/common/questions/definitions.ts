import type { AnswerKind } from '../../../schemas/parts/question-kinds';
import type { SingleChoiceAnswer, SingleChoiceDefinition } from './types/single-choice';
import type { MultipleChoiceAnswer, MultipleChoiceDefinition } from './types/multiple-choice';
import type { TrueFalseAnswer, TrueFalseDefinition } from './types/true-false';
import type { EssayAnswer, EssayDefinition } from './types/essay';
import type { FillBlanksAnswer, FillBlanksDefinition } from './types/fill-blanks';
import type { ReorderingAnswer, ReorderingDefinition } from './types/reordering';
import type { MatchingAnswer, MatchingDefinition } from './types/matching';
import type { AudioResponseAnswer, AudioResponseDefinition } from './types/audio-response';
import type { CategorizingAnswer, CategorizingDefinition } from './types/categorizing';
import type { ParagraphAnswer, ParagraphDefinition } from './types/paragraph';

/** The stored answer key (definition) of each kind. */
export interface AnswerDefinitions {
  single_choice: SingleChoiceDefinition;
  multiple_choice: MultipleChoiceDefinition;
  true_false: TrueFalseDefinition;
  essay: EssayDefinition;
  fill_blanks: FillBlanksDefinition;
  reordering: ReorderingDefinition;
  matching: MatchingDefinition;
  audio_response: AudioResponseDefinition;
  categorizing: CategorizingDefinition;
  paragraph: ParagraphDefinition;
}

/** A student's answer to each kind. */
export interface Answers {
  single_choice: SingleChoiceAnswer;
  multiple_choice: MultipleChoiceAnswer;
  true_false: TrueFalseAnswer;
  essay: EssayAnswer;
  fill_blanks: FillBlanksAnswer;
  reordering: ReorderingAnswer;
  matching: MatchingAnswer;
  audio_response: AudioResponseAnswer;
  categorizing: CategorizingAnswer;
  paragraph: ParagraphAnswer;
}

/** An answer type paired with its key, discriminated by `answer_type`. */
export type TypedAnswerKey = { [K in AnswerKind]: { answer_type: K; answer_key: AnswerDefinitions[K] } }[AnswerKind];
