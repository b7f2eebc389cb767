import { PickAnswer } from './PickAnswer';
import type { AnswerViewProps, Entry } from './types';

/** Each left with a list of the (shuffled) rights. */
export function MatchingAnswer({
  view,
  answer,
  onChange,
  language,
}: AnswerViewProps<{ lefts: Entry[]; rights: Entry[] }, { matches: Record<string, string | null> }>) {
  return (
    <PickAnswer
      entries={view.lefts}
      targets={view.rights}
      value={answer?.matches ?? {}}
      onChange={(matches) => onChange({ matches })}
      language={language}
      pickLabel="question_editor.preview_answer.match_for"
    />
  );
}
