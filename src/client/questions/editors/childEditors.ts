import type { ComponentType } from 'react';
import type { ChildKind } from '../../../common/questions';
import { AudioResponseEditor } from './AudioResponseEditor';
import { CategorizingEditor } from './CategorizingEditor';
import { MultipleChoiceEditor, SingleChoiceEditor } from './ChoiceEditor';
import { EssayEditor } from './EssayEditor';
import { FillBlanksEditor } from './FillBlanksEditor';
import { MatchingEditor } from './MatchingEditor';
import { ReorderingEditor } from './ReorderingEditor';
import { TrueFalseEditor } from './TrueFalseEditor';
import type { AnswerEditorProps } from './types';

/** The editor of each kind a paragraph's question may have (all but paragraph). */
export const CHILD_EDITORS: { [K in ChildKind]: ComponentType<AnswerEditorProps<K>> } = {
  single_choice: SingleChoiceEditor,
  multiple_choice: MultipleChoiceEditor,
  true_false: TrueFalseEditor,
  essay: EssayEditor,
  fill_blanks: FillBlanksEditor,
  reordering: ReorderingEditor,
  matching: MatchingEditor,
  audio_response: AudioResponseEditor,
  categorizing: CategorizingEditor,
};
