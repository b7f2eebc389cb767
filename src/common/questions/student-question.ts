import type { Shuffle } from './answer-type';
import type { AuthoredQuestion } from './question-schema';
import { studentView } from './registry';

/** What a student (and the preview) receives of a question: everything but the answer key. */
export interface StudentQuestion {
  text: string;
  content_language: AuthoredQuestion['content_language'];
  mark: number;
  media_type: AuthoredQuestion['media_type'];
  media: string | null;
  /** The picture's text alternative; empty for a question saved before it was asked for. */
  media_alt: string;
  media_replay_count: number;
  instruction_audio: string | null;
  answer_type: AuthoredQuestion['answer_type'];
  view: unknown;
}

/**
 * The student's view of a whole question. Fields are picked one by one, so a field added to
 * questions later never reaches a student by accident.
 */
export function studentQuestion(question: AuthoredQuestion, shuffle?: Shuffle): StudentQuestion {
  return {
    text: question.text,
    content_language: question.content_language,
    mark: question.mark,
    media_type: question.media_type,
    media: question.media,
    media_alt: question.media_type === 'image' ? (question.media_alt ?? '') : '',
    media_replay_count: question.media_replay_count,
    instruction_audio: question.instruction_audio,
    answer_type: question.answer_type,
    view: studentView(question.answer_type, question.answer_key, shuffle),
  };
}
