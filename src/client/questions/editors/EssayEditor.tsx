import { QUESTION_LIMITS } from '../../../common/questions';
import { NumberSetting } from './NumberSetting';
import type { AnswerEditorProps } from './types';

/** An essay's maximum number of words, enforced while the student types. */
export function EssayEditor({ value, onChange, error }: AnswerEditorProps<'essay'>) {
  return (
    <NumberSetting
      label="question_editor.essay.max_words"
      helperText="question_editor.essay.max_words_help"
      value={value?.max_words}
      onChange={(max_words) => onChange({ max_words: max_words as number })}
      error={error(['max_words'])}
      min={1}
      max={QUESTION_LIMITS.maxWords}
    />
  );
}
