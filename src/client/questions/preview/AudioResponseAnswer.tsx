import { AudioRecorder } from '../../media';
import type { AnswerViewProps } from './types';

/** SPEC section 7: a student's recording is filed under the question. */
export const audioResponseLabel = (questionId: number | string | undefined) =>
  `exams/questions/${questionId ?? 'preview'}/audio_responses`;

/** The recorder, as a student gets it, limited to the question's maximum duration. */
export function AudioResponseAnswer({
  view,
  onChange,
  questionId,
}: AnswerViewProps<{ max_duration_seconds: number }, { media: string; duration_seconds: number }>) {
  return (
    <AudioRecorder
      title="question_editor.preview_answer.record"
      label={audioResponseLabel(questionId)}
      maxSeconds={view.max_duration_seconds}
      onSaved={(saved) => onChange({ media: saved.relative_path, duration_seconds: saved.duration_seconds })}
    />
  );
}
