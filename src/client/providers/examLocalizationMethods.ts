import type {
  BulkAction,
  BulkOutcome,
  ExamLocalizationRecord as ExamLocalization,
  LocalizationBody,
} from '../../common/contracts';
import { dataOf, http } from './http';

/**
 * Localized exams (SPEC section 7, "Localization") beyond the generic dialect: reading and updating
 * one are the standard `getOne` and `update` on `exam-localizations`.
 */
export interface ExamLocalizationMethods {
  examLocalizations(examId: number, signal?: AbortSignal): Promise<{ data: ExamLocalization[] }>;
  /** Refused (418) unless the exam is published. */
  createExamLocalization(examId: number, body: LocalizationBody): Promise<{ data: ExamLocalization }>;
  setLocalizationCountries(id: number, countries: string[]): Promise<{ data: ExamLocalization }>;
  /** Partial like the exam bulk actions; delete takes its ids in a JSON body, as the spec's call does. */
  bulkLocalizations(action: BulkAction, ids: number[]): Promise<BulkOutcome>;
}

export const examLocalizationMethods: ExamLocalizationMethods = {
  examLocalizations: (examId, signal) =>
    dataOf(http<{ data: ExamLocalization[] }>(`/exams/${examId}/localizations`, { signal })),

  createExamLocalization: (examId, body) =>
    dataOf(http<{ data: ExamLocalization }>(`/exams/${examId}/localizations`, { method: 'POST', body })),

  setLocalizationCountries: (id, countries) =>
    dataOf(
      http<{ data: ExamLocalization }>(`/exam-localization/${id}/countries`, { method: 'POST', body: { countries } }),
    ),

  bulkLocalizations: (action, ids) => {
    const body = { exam_localization_ids: ids };
    const request =
      action === 'delete'
        ? http<BulkOutcome>('/exam-localizations', { method: 'DELETE', body })
        : http<BulkOutcome>(`/exam-localizations/${action}`, { method: 'POST', body });
    return request.then(({ json }) => json);
  },
};
