import type { AnswerDefinitions, AnswerKind } from '../../../common/questions';

/** A path inside an answer definition, as in the schema's issues (`['options', 2, 'text']`). */
export type DefinitionPath = (string | number)[];

/** The message (catalog key or server sentence) for a path of the definition, if any. */
export type ErrorLookup = (path: DefinitionPath) => string | undefined;

/** Every answer editor: a controlled editor of one kind's definition (its answer key). */
export interface AnswerEditorProps<K extends AnswerKind = AnswerKind> {
  /** The definition being authored; parts may still be empty while the author works. */
  value: AnswerDefinitions[K] | undefined;
  onChange: (next: AnswerDefinitions[K]) => void;
  error: ErrorLookup;
  /** The question's content language: the direction of its texts. */
  language: string;
}

/** An error lookup under `prefix` (a paragraph's child definition). */
export const scopedErrors =
  (error: ErrorLookup, prefix: DefinitionPath): ErrorLookup =>
  (path) =>
    error([...prefix, ...path]);

export const noErrors: ErrorLookup = () => undefined;
