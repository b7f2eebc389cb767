import type { ComponentType } from 'react';
import type { AnswerKind } from '../../../common/questions';
import { CHILD_EDITORS } from './childEditors';
import { ParagraphEditor } from './ParagraphEditor';
import type { AnswerEditorProps } from './types';

/** One editor per answer type (STYLE.md "Views from a type map"). */
export const ANSWER_EDITORS: { [K in AnswerKind]: ComponentType<AnswerEditorProps<K>> } = {
  ...CHILD_EDITORS,
  paragraph: ParagraphEditor,
};

export { emptyDefinition } from './emptyDefinitions';
export { childrenMark } from './ParagraphEditor';
export type { AnswerEditorProps, ErrorLookup } from './types';
