import type { ChildKind } from '../../../common/questions';
import { AudioResponseAnswer } from './AudioResponseAnswer';
import { CategorizingAnswer } from './CategorizingAnswer';
import { MultipleChoiceAnswer, SingleChoiceAnswer } from './ChoiceAnswer';
import { EssayAnswer } from './EssayAnswer';
import { FillBlanksAnswer } from './FillBlanksAnswer';
import { MatchingAnswer } from './MatchingAnswer';
import { ReorderingAnswer } from './ReorderingAnswer';
import { TrueFalseAnswer } from './TrueFalseAnswer';
import type { AnyAnswerView } from './types';

/** How a student answers each kind a paragraph's question may have. */
export const CHILD_ANSWER_VIEWS: Record<ChildKind, AnyAnswerView> = {
  single_choice: SingleChoiceAnswer,
  multiple_choice: MultipleChoiceAnswer,
  true_false: TrueFalseAnswer,
  essay: EssayAnswer,
  fill_blanks: FillBlanksAnswer,
  reordering: ReorderingAnswer,
  matching: MatchingAnswer,
  audio_response: AudioResponseAnswer,
  categorizing: CategorizingAnswer,
};
