import type {
  BulkAction,
  BulkOutcome,
  ExamFormLookups as ExamLookups,
  ExamPreviewRecord as ExamPreview,
  ExamRecord as Exam,
  ExamRestriction,
} from '../../common/contracts';
import { dataOf, http } from './http';

/** Which record's editability to check: an exam or a localized exam. */
export type RestrictionQuery = { exam_id: number } | { exam_localization_id: number };

/**
 * The exam calls of SPEC section 7 ("Exams") beyond the generic dialect (read, create, update and
 * delete are the standard methods on `exams`). Each answers `{data}`, as react-admin's methods do.
 */
export interface ExamMethods {
  publishExam(id: number): Promise<{ data: Exam }>;
  unpublishExam(id: number): Promise<{ data: Exam }>;
  duplicateExam(id: number): Promise<{ data: Exam }>;
  /** Partial: each exam succeeds or fails on its own, and the answer lists every outcome. */
  bulkExams(action: BulkAction, examIds: number[]): Promise<BulkOutcome>;
  examPreview(id: number, localizationId?: number, signal?: AbortSignal): Promise<{ data: ExamPreview }>;
  /** The form's lookups of one platform: grades, levels, skills, rounds, durations, exam types. */
  examFormLookups(platformId: number, signal?: AbortSignal): Promise<{ data: ExamLookups }>;
  /** Whether an exam (or a localized exam) may be edited, and if not, the server's reason. */
  examRestriction(query: RestrictionQuery, signal?: AbortSignal): Promise<{ data: ExamRestriction }>;
}

export const examMethods: ExamMethods = {
  publishExam: (id) => dataOf(http<{ data: Exam }>(`/exams/${id}/publish`, { method: 'PUT' })),

  unpublishExam: (id) => dataOf(http<{ data: Exam }>(`/exams/${id}/unpublish`, { method: 'PUT' })),

  // A GET that writes, as the spec has it; http sends the CSRF header on every call.
  duplicateExam: (id) => dataOf(http<{ data: Exam }>(`/exams/${id}/duplicate`)),

  bulkExams: (action, examIds) =>
    http<BulkOutcome>(`/exams/bulk/${action}`, { method: 'POST', body: { exam_ids: examIds } }).then(
      ({ json }) => json,
    ),

  examPreview: (id, localizationId, signal) =>
    dataOf(
      http<{ data: ExamPreview }>(`/exams/${id}/preview`, {
        query: localizationId ? new URLSearchParams({ exam_localization_id: String(localizationId) }) : undefined,
        signal,
      }),
    ),

  examFormLookups: (platformId, signal) =>
    dataOf(http<{ data: ExamLookups }>('/exams/form', { method: 'POST', body: { platform_id: platformId }, signal })),

  examRestriction: (query, signal) =>
    dataOf(
      http<{ data: ExamRestriction }>('/exam-restriction/check', {
        query: new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])),
        signal,
      }),
    ),
};
