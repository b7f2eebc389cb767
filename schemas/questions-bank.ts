import { ANSWER_KINDS, MARK_OPTIONS } from './parts/question-kinds';
import { QM } from './parts/question-messages';
import { QUESTION_LIMITS } from './parts/question-limits';
import { choice, defineResource, media, number, reference, text } from './vocabulary';

const lookup = (resource: string, required: string) => reference(resource, { messages: { required } });

/**
 * A question of the bank (SPEC section 3): rich text, its classification, mark and media, and its
 * answer definition (one of the ten answer types, validated by src/common/questions). Exams hold
 * copies of bank questions with the same fields. Its form (ten answer editors) and preview are
 * custom pages; the API is the questions module's.
 */
const questionsBank = defineResource({
  name: 'questions-bank',
  table: 'questions',
  platformScoped: true,
  menu: { group: 'main', route: '/questions-bank' },
  fields: {
    text: text(QUESTION_LIMITS.questionText, {
      rich: true,
      messages: { required: QM.textRequired, tooLong: QM.textTooLong },
    }),
    content_language: choice(['en', 'ar'], { default: 'ar', messages: { required: QM.invalid } }),
    question_type_id: lookup('question-types', QM.typeRequired),
    skill_id: lookup('skills', QM.skillRequired),
    difficulty_level_id: lookup('difficulty-levels', QM.difficultyRequired),
    cognitive_level_id: lookup('cognitive-levels', QM.cognitiveRequired),
    // An outcome of the chosen skill: the form offers those only, and the server refuses another.
    learning_outcome_id: reference('learning-outcomes', {
      within: ['skill_id'],
      narrow: { help: 'question_editor.outcome_needs_skill' },
      messages: { required: QM.outcomeRequired, invalid: QM.outcomeSkillMismatch },
    }),
    depth_of_knowledge_id: lookup('depth-of-knowledges', QM.depthRequired),
    mark: number(0, QUESTION_LIMITS.mark, {
      decimals: 2,
      initial: 1,
      messages: { required: QM.markRequired, invalid: QM.markInvalid },
    }),
    mark_option: choice(MARK_OPTIONS, { initial: 'all_or_nothing', messages: { required: QM.markOptionRequired } }),
    media_type: choice(['none', 'image', 'audio'], { default: 'none', messages: { required: QM.invalid } }),
    media: media(['image', 'audio'], { messages: { invalid: QM.mediaInvalid } }),
    // The picture's text alternative (WCAG 1.1.1): required for an image when saved (questions-store.ts);
    // questions written before it existed still read.
    media_alt: text(QUESTION_LIMITS.mediaAlt, {
      required: false,
      // Absent from older clients' and importers' bodies: none.
      default: null,
      messages: { required: QM.mediaAltRequired, tooLong: QM.mediaAltTooLong },
    }),
    media_replay_count: number(0, QUESTION_LIMITS.replayCount, {
      initial: 0,
      help: 'question_editor.replay_help',
      messages: { required: QM.replayRequired, invalid: QM.replayInvalid },
    }),
    instruction_audio: media(['audio'], { messages: { invalid: QM.mediaInvalid } }),
    answer_type: choice(ANSWER_KINDS, { initial: 'single_choice', messages: { required: QM.answerTypeRequired } }),
    answer_key: { type: 'answer', required: true },
  },
  list: {
    columns: ['id', 'text', 'answer_type', 'skill_id', 'mark'],
    sort: 'id',
    order: 'desc',
    search: ['text'],
    filters: ['answer_type', 'question_type_id', 'skill_id', 'difficulty_level_id', 'learning_outcome_id'],
  },
  // The question form's sections (labelled `resources.questions-bank.sections.*`); a field no section
  // names joins the classification. The answer editors, media and rich text are the form's own inputs.
  form: {
    sections: [
      { key: 'question', fields: ['content_language', 'text'] },
      {
        key: 'classification',
        columns: 2,
        rest: true,
        fields: [
          'question_type_id',
          'skill_id',
          'learning_outcome_id',
          'difficulty_level_id',
          'cognitive_level_id',
          'depth_of_knowledge_id',
        ],
      },
      { key: 'marking', columns: 2, fields: ['mark', 'mark_option'] },
      { key: 'media', fields: ['media_type', 'media_alt', 'media', 'media_replay_count', 'instruction_audio'] },
      { key: 'answer', fields: ['answer_type', 'answer_key'] },
    ],
  },
  platformMessage: 'questions.platform_required',
  nameFromNameEn: false,
  customRoutes: true,
  // Where the media can be fetched from, for staff who read the question.
  computed: { media_url: 'string|null', instruction_audio_url: 'string|null' },
  // The list, the ten answer editors and the preview.
  pages: { screens: { path: '/questions-bank/*', view: 'questions/QuestionsRoutes' } },
  rules: ['questions.answerKey', 'questions.mediaRequired'],
});

export default questionsBank;
