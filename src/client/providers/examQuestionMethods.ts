import type { ExamQuestionRecord as ExamQuestion } from '../../common/contracts';
import { dataOf, http } from './http';

/**
 * The questions an exam holds (copies of bank questions or written in place), each call under
 * `/exams/{id}/questions`. All are refused with 418 once the exam is published. The bank they are
 * picked from is the standard `getList` on `questions-bank`.
 */
export interface ExamQuestionMethods {
  examQuestions(examId: number, signal?: AbortSignal): Promise<{ data: ExamQuestion[] }>;
  /** Copies bank questions into the exam; answers with the exam's whole list. */
  assignExamQuestions(examId: number, questionIds: number[]): Promise<{ data: ExamQuestion[] }>;
  createExamQuestion(examId: number, question: Record<string, unknown>): Promise<{ data: ExamQuestion }>;
  removeExamQuestion(examId: number, questionId: number): Promise<{ data: ExamQuestion }>;
  /** Sends every question id in the new order; answers with the reordered list. */
  reorderExamQuestions(examId: number, questionIds: number[]): Promise<{ data: ExamQuestion[] }>;
}

export const examQuestionMethods: ExamQuestionMethods = {
  examQuestions: (examId, signal) => dataOf(http<{ data: ExamQuestion[] }>(`/exams/${examId}/questions`, { signal })),

  assignExamQuestions: (examId, questionIds) =>
    dataOf(
      http<{ data: ExamQuestion[] }>(`/exams/${examId}/questions/assign`, {
        method: 'POST',
        body: { question_ids: questionIds },
      }),
    ),

  createExamQuestion: (examId, question) =>
    dataOf(http<{ data: ExamQuestion }>(`/exams/${examId}/questions`, { method: 'POST', body: question })),

  removeExamQuestion: (examId, questionId) =>
    dataOf(http<{ data: ExamQuestion }>(`/exams/${examId}/questions/${questionId}`, { method: 'DELETE' })),

  reorderExamQuestions: (examId, questionIds) =>
    dataOf(
      http<{ data: ExamQuestion[] }>(`/exams/${examId}/questions/reorder`, {
        method: 'PUT',
        body: { question_ids: questionIds },
      }),
    ),
};
