import type { AnswerKind } from '../../../common/questions';
import { CHILD_ANSWER_VIEWS } from './childAnswerViews';
import { ParagraphAnswer } from './ParagraphAnswer';
import type { AnyAnswerView } from './types';

/** How a student answers each of the ten kinds (the preview's type map). */
export const ANSWER_VIEWS: Record<AnswerKind, AnyAnswerView> = {
  ...CHILD_ANSWER_VIEWS,
  paragraph: ParagraphAnswer,
};
