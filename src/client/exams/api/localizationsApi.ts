import { http } from '../../providers/http';
import type { BulkOutcome, ExamLocalization, LocalizationBody } from '../types';

export type LocalizationBulkAction = 'publish' | 'unpublish' | 'delete';

const data = <T>(promise: Promise<{ json: { data: T } }>) => promise.then(({ json }) => json.data);

/** Localized exams (SPEC section 7, "Localization"). */
export const localizationsApi = {
  list: (examId: number, signal?: AbortSignal) =>
    data(http<{ data: ExamLocalization[] }>(`/exams/${examId}/localizations`, { signal })),

  get: (id: number, signal?: AbortSignal) =>
    data(http<{ data: ExamLocalization }>(`/exam-localizations/${id}`, { signal })),

  /** Refused (418) unless the exam is published. */
  create: (examId: number, body: LocalizationBody) =>
    data(http<{ data: ExamLocalization }>(`/exams/${examId}/localizations`, { method: 'POST', body })),

  /** Refused (418) while the localized exam is published. */
  update: (id: number, body: LocalizationBody) =>
    data(http<{ data: ExamLocalization }>(`/exam-localizations/${id}`, { method: 'PUT', body })),

  setCountries: (id: number, countries: string[]) =>
    data(
      http<{ data: ExamLocalization }>(`/exam-localization/${id}/countries`, { method: 'POST', body: { countries } }),
    ),

  /** Partial like the exam bulk actions; delete takes its ids in a JSON body, as the spec's call does. */
  bulk: (action: LocalizationBulkAction, ids: number[]) => {
    const body = { exam_localization_ids: ids };
    const request =
      action === 'delete'
        ? http<BulkOutcome>('/exam-localizations', { method: 'DELETE', body })
        : http<BulkOutcome>(`/exam-localizations/${action}`, { method: 'POST', body });
    return request.then(({ json }) => json);
  },
};
