import type { ListResponse } from '../../providers/dataProvider';
import { http } from '../../providers/http';
import type { BankQuestion, ExamQuestion } from '../types';

const data = <T>(promise: Promise<{ json: { data: T } }>) => promise.then(({ json }) => json.data);

export interface BankQuery {
  platformId: number;
  skillIds: number[];
  search: string;
  page: number;
  perPage: number;
}

/** The questions an exam holds (copies of bank questions or written in place). All refused with 418 once published. */
export const examQuestionsApi = {
  list: (examId: number, signal?: AbortSignal) =>
    data(http<{ data: ExamQuestion[] }>(`/exams/${examId}/questions`, { signal })),

  /** Copies bank questions into the exam; answers with the exam's whole list. */
  assign: (examId: number, questionIds: number[]) =>
    data(
      http<{ data: ExamQuestion[] }>(`/exams/${examId}/questions/assign`, {
        method: 'POST',
        body: { question_ids: questionIds },
      }),
    ),

  create: (examId: number, question: Record<string, unknown>) =>
    data(http<{ data: ExamQuestion }>(`/exams/${examId}/questions`, { method: 'POST', body: question })),

  remove: (examId: number, questionId: number) =>
    data(http<{ data: ExamQuestion }>(`/exams/${examId}/questions/${questionId}`, { method: 'DELETE' })),

  /** Sends every question id in the new order; answers with the reordered list. */
  reorder: (examId: number, questionIds: number[]) =>
    data(
      http<{ data: ExamQuestion[] }>(`/exams/${examId}/questions/reorder`, {
        method: 'PUT',
        body: { question_ids: questionIds },
      }),
    ),

  /** Bank questions that may join the exam: its platform and one of its skills. */
  bank: ({ platformId, skillIds, search, page, perPage }: BankQuery, signal?: AbortSignal) => {
    const query = new URLSearchParams({
      page: String(page),
      per_page: String(perPage),
      sort: 'id',
      order: 'desc',
      platform_id: String(platformId),
    });
    if (skillIds.length > 0) query.set('filter[skill_id]', skillIds.join(','));
    if (search.trim() !== '') query.set('search', search.trim());
    return http<ListResponse<BankQuestion>>('/questions-bank', { query, signal }).then(({ json }) => json);
  },
};
