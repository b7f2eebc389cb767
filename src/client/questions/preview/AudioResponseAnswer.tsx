import { AudioRecorder, mediaUrl, useRecordingKeeper } from '../../media';
import { Box } from '@mui/material';
import { useInterfaceLanguage } from './interfaceText';
import type { AnswerViewProps } from './types';

/** SPEC section 7: a student's recording is filed under the question. */
export const audioResponseLabel = (questionId: number | string | undefined) =>
  `exams/questions/${questionId ?? 'preview'}/audio_responses`;

/**
 * The recorder, as a student gets it, limited to the question's maximum duration. In the student's
 * exam a keeper takes the recording (kept on the computer, uploaded when possible, then answered);
 * in a preview it uploads at once.
 */
export function AudioResponseAnswer({
  view,
  answer,
  onChange,
  questionId,
}: AnswerViewProps<{ max_duration_seconds: number }, { media: string; duration_seconds: number }>) {
  const keeper = useRecordingKeeper();
  const label = audioResponseLabel(questionId);
  const id = Number(questionId);
  const waiting = keeper?.waitingUrl(id) ?? null;
  const { lang, dir } = useInterfaceLanguage();
  // The recorder is the interface's, inside the question: its words are spoken in the interface's voice.
  return (
    <Box lang={lang} dir={dir}>
      <AudioRecorder
        title="question_editor.preview_answer.record"
        label={label}
        maxSeconds={view.max_duration_seconds}
        savedUrl={waiting ?? mediaUrl(answer?.media)}
        note={waiting ? 'recorder.waiting_upload' : null}
        keep={keeper ? (blob, seconds) => keeper.keep(id, label, blob, seconds) : undefined}
        onSaved={(saved) => onChange({ media: saved.relative_path, duration_seconds: saved.duration_seconds })}
      />
    </Box>
  );
}
