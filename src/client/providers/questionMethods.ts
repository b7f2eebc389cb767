import type { AnswerKind } from '../../../schemas/parts/question-kinds';
import { dataOf, http } from './http';

/** What `GET /api/questions-bank/{id}/preview` returns: the student's view of a bank question, no key. */
export interface PreviewQuestion {
  id?: number;
  text: string;
  content_language: string;
  mark: number;
  media_type: 'none' | 'image' | 'audio';
  media_url?: string | null;
  /** The picture's text alternative (empty for a question saved before it was asked for). */
  media_alt?: string | null;
  media_replay_count: number;
  instruction_audio_url?: string | null;
  answer_type: AnswerKind;
  view: unknown;
}

/** The questions bank's calls beyond the generic dialect (its list and record are `questions-bank`). */
export interface QuestionMethods {
  /** Scoped to the selected platform, as the bank's reads are. */
  questionPreview(id: string | number, platformId: number, signal?: AbortSignal): Promise<{ data: PreviewQuestion }>;
}

export const questionMethods: QuestionMethods = {
  questionPreview: (id, platformId, signal) =>
    dataOf(
      http<{ data: PreviewQuestion }>(`/questions-bank/${encodeURIComponent(String(id))}/preview`, {
        query: new URLSearchParams({ platform_id: String(platformId) }),
        signal,
      }),
    ),
};
