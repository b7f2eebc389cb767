import type { ComponentType } from 'react';
/** Every answer view of the preview: the student's view of one kind and a local, unsent answer. */
/**
 * A view of any kind, in a map of the ten: each takes its own view and answer shapes, which no one
 * type parameter can stand for (the answer is read and also written back), hence `any` here alone.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyAnswerView = ComponentType<AnswerViewProps<any, any>>;

export interface AnswerViewProps<View, Answer> {
  view: View;
  answer: Answer | null;
  onChange: (answer: Answer) => void;
  /** The question's id, for the audio-response upload label. */
  questionId?: number | string;
  /** The content's language: plain inputs take its direction. */
  language: string;
  /** The question's number in the exam, when it has one: a paragraph names its parts after it. */
  number?: number;
}

export interface Entry {
  id: string;
  text: string;
}
