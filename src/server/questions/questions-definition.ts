import { reference, text, type ResourceDefinition } from '../../../schemas/vocabulary';

/**
 * How the generic resource store sees bank questions: the table, the platform scoping, the
 * lookup references (listed and returned as objects) and what a list may sort, search and filter.
 * Writing goes through the question schema in src/common/questions instead of these fields.
 */
export const questionsBank: ResourceDefinition = {
  name: 'questions-bank',
  table: 'questions',
  platformScoped: true,
  menu: { group: 'questions_settings', route: '/questions-bank' },
  fields: {
    text: text(10_000),
    question_type_id: reference('question-types'),
    skill_id: reference('skills'),
    difficulty_level_id: reference('difficulty-levels'),
    cognitive_level_id: reference('cognitive-levels'),
    learning_outcome_id: reference('learning-outcomes'),
    depth_of_knowledge_id: reference('depth-of-knowledges'),
    answer_type: text(30),
    mark: { type: 'number', min: 0, max: 100, required: true },
  },
  list: { columns: ['id', 'text', 'answer_type', 'skill_id', 'mark'], sort: 'id', order: 'desc', search: ['text'] },
  nameFromNameEn: false,
  customRoutes: true,
};

/** Keys whose strings are rich text (bold and color), and keys whose strings are plain text. */
export const RICH_TEXT_KEYS = new Set(['text', 'passage', 'name', 'left', 'right']);
export const PLAIN_TEXT_KEYS = new Set(['before', 'after', 'answer', 'options']);
