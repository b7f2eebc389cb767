import { QUESTION_LIMITS } from '../../../common/questions';
import { NumberSetting } from './NumberSetting';
import type { AnswerEditorProps } from './types';

/** The longest recording a student may give: at most 300 seconds (SPEC section 9). */
export function AudioResponseEditor({ value, onChange, error }: AnswerEditorProps<'audio_response'>) {
  return (
    <NumberSetting
      label="question_editor.audio_response.max_duration"
      helperText="question_editor.audio_response.max_duration_help"
      value={value?.max_duration_seconds}
      onChange={(seconds) => onChange({ max_duration_seconds: seconds as number })}
      error={error(['max_duration_seconds'])}
      min={1}
      max={QUESTION_LIMITS.maxDurationSeconds}
    />
  );
}
