import { http } from '../../providers/http';
import type { BulkOutcome, Exam, ExamLookups, ExamPreview } from '../types';

export type ExamBulkAction = 'publish' | 'unpublish' | 'delete';

const data = <T>(promise: Promise<{ json: { data: T } }>) => promise.then(({ json }) => json.data);

/** The exam calls of SPEC section 7 ("Exams"), each answering with its `data`. */
export const examsApi = {
  get: (id: number, signal?: AbortSignal) => data(http<{ data: Exam }>(`/exams/${id}`, { signal })),

  /** The form's lookups of one platform: grades, levels, skills, rounds, durations, exam types. */
  lookups: (platformId: number, signal?: AbortSignal) =>
    data(http<{ data: ExamLookups }>('/exams/form', { method: 'POST', body: { platform_id: platformId }, signal })),

  create: (body: Record<string, unknown>) => data(http<{ data: Exam }>('/exams', { method: 'POST', body })),

  update: (id: number, body: Record<string, unknown>) =>
    data(http<{ data: Exam }>(`/exams/${id}`, { method: 'PUT', body })),

  publish: (id: number) => data(http<{ data: Exam }>(`/exams/${id}/publish`, { method: 'PUT' })),

  unpublish: (id: number) => data(http<{ data: Exam }>(`/exams/${id}/unpublish`, { method: 'PUT' })),

  remove: (id: number) => data(http<{ data: Exam }>(`/exams/${id}`, { method: 'DELETE' })),

  /** Partial: each exam succeeds or fails on its own, and the answer lists every outcome. */
  bulk: (action: ExamBulkAction, examIds: number[]) =>
    http<BulkOutcome>(`/exams/bulk/${action}`, { method: 'POST', body: { exam_ids: examIds } }).then(
      ({ json }) => json,
    ),

  duplicate: (id: number) => data(http<{ data: Exam }>(`/exams/${id}/duplicate`)),

  preview: (id: number, localizationId?: number, signal?: AbortSignal) =>
    data(
      http<{ data: ExamPreview }>(`/exams/${id}/preview`, {
        query: localizationId ? new URLSearchParams({ exam_localization_id: String(localizationId) }) : undefined,
        signal,
      }),
    ),

  /** Whether an exam (or a localized exam) may be edited, and if not, the server's reason. */
  restriction: (query: { exam_id: number } | { exam_localization_id: number }, signal?: AbortSignal) =>
    data(
      http<{ data: { editable: boolean; message: string | null } }>('/exam-restriction/check', {
        query: new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])),
        signal,
      }),
    ),
};
