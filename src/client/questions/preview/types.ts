/** Every answer view of the preview: the student's view of one kind and a local, unsent answer. */
export interface AnswerViewProps<View, Answer> {
  view: View;
  answer: Answer | null;
  onChange: (answer: Answer) => void;
  /** The question's id, for the audio-response upload label. */
  questionId?: number | string;
  /** The content's language: plain inputs take its direction. */
  language: string;
}

export interface Entry {
  id: string;
  text: string;
}
