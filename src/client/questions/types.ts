import type { AnswerKind, MarkOption } from '../../common/questions';

/** A lookup row as the API embeds it in a question (`skill`, `question_type`, ...). */
export interface NamedRecord {
  id: number;
  name_en?: string;
  name_ar?: string;
  name?: string;
}

/** A bank question as `GET /api/questions-bank/{id}` returns it. */
export interface QuestionRecord {
  id: number;
  text: string;
  content_language: 'en' | 'ar';
  question_type_id: number;
  skill_id: number;
  difficulty_level_id: number;
  cognitive_level_id: number;
  learning_outcome_id: number;
  depth_of_knowledge_id: number;
  mark: number;
  mark_option: MarkOption;
  media_type: 'none' | 'image' | 'audio';
  media: string | null;
  media_url?: string | null;
  media_replay_count: number;
  instruction_audio: string | null;
  instruction_audio_url?: string | null;
  answer_type: AnswerKind;
  answer_key: unknown;
  platform_id: number;
  skill?: NamedRecord | null;
  question_type?: NamedRecord | null;
}

/** The form's values: the authored fields, with ids and numbers possibly still empty. */
export interface QuestionFormValues {
  text: string;
  content_language: 'en' | 'ar';
  question_type_id: number | null;
  skill_id: number | null;
  difficulty_level_id: number | null;
  cognitive_level_id: number | null;
  learning_outcome_id: number | null;
  depth_of_knowledge_id: number | null;
  mark: number | null;
  mark_option: MarkOption | null;
  media_type: 'none' | 'image' | 'audio';
  media: string | null;
  media_replay_count: number | null;
  instruction_audio: string | null;
  answer_type: AnswerKind | null;
  answer_key: unknown;
}

/** What the preview endpoint returns (`GET /api/questions-bank/{id}/preview`): no answer key. */
export type { PreviewQuestion } from '../providers/questionMethods';
