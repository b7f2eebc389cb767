import { PickAnswer } from './PickAnswer';
import type { AnswerViewProps, Entry } from './types';

type View = { categories: { id: string; name: string }[]; options: Entry[] };

/** Each option with a list of the categories. */
export function CategorizingAnswer({
  view,
  answer,
  onChange,
  language,
}: AnswerViewProps<View, { placements: Record<string, string | null> }>) {
  const categories = view.categories.map((category) => ({ id: category.id, text: category.name }));
  return (
    <PickAnswer
      entries={view.options}
      targets={categories}
      value={answer?.placements ?? {}}
      onChange={(placements) => onChange({ placements })}
      language={language}
      pickLabel="question_editor.preview_answer.category_for"
    />
  );
}
