import type { ChildKind } from '../../../schemas/parts/question-kinds';
import type { AnswerType } from './answer-type';
import { singleChoice } from './types/single-choice';
import { multipleChoice } from './types/multiple-choice';
import { trueFalse } from './types/true-false';
import { essay } from './types/essay';
import { fillBlanks } from './types/fill-blanks';
import { reordering } from './types/reordering';
import { matching } from './types/matching';
import { audioResponse } from './types/audio-response';
import { categorizing } from './types/categorizing';

/** The nine kinds a paragraph's related question may have (every kind but paragraph). */
export const CHILD_ANSWER_TYPES: Record<ChildKind, AnswerType> = {
  single_choice: singleChoice,
  multiple_choice: multipleChoice,
  true_false: trueFalse,
  essay,
  fill_blanks: fillBlanks,
  reordering,
  matching,
  audio_response: audioResponse,
  categorizing,
};
