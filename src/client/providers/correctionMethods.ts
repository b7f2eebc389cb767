import type {
  AssignedFilters,
  AssignedNeighbours,
  AssignedStudent,
  CorrectionAuditEntry,
  CorrectionView,
  ListEnvelope,
} from '../../common/contracts/index';
import { handleSegment, type MarkingHandle } from '../../common/correction/index';
import { dataOf, http } from './http';

/** A page of the assigned students (ARCHITECTURE "API conventions"). */
export type AssignedStudentsPage = ListEnvelope<AssignedStudent>;

/** One mark of `POST /api/exams/submit/correction`: `part` '' is the whole question. */
export interface CorrectionEntry {
  question_id: number;
  part: string;
  mark: number | null;
  comment: string | null;
  reason: string | null;
}

/** What a save sends: the marker's `version` from the correction they read, and the changed marks. */
export interface CorrectionBody {
  exam_id: number;
  /** The student's id, or under anonymous marking their code (exactly one). */
  student_id?: number;
  code?: string;
  version: number;
  corrections: CorrectionEntry[];
}

/**
 * Correction (SPEC section 7): an exam's assigned students, a student's answers for marking,
 * saving marks and the audit log. The list and the neighbours take the list's query in the API
 * dialect (`sort, order, search, filter[...]`), as the list screen keeps it in its address.
 */
export interface CorrectionMethods {
  assignedStudents(examId: number, query: URLSearchParams, signal?: AbortSignal): Promise<AssignedStudentsPage>;
  assignedFilters(examId: number, signal?: AbortSignal): Promise<{ data: AssignedFilters }>;
  assignedNeighbours(
    examId: number,
    handle: MarkingHandle,
    query: URLSearchParams,
    signal?: AbortSignal,
  ): Promise<{ data: AssignedNeighbours }>;
  studentCorrection(examId: number, handle: MarkingHandle, signal?: AbortSignal): Promise<{ data: CorrectionView }>;
  /** Answers the saved correction and the server's worded confirmation. */
  submitCorrection(body: CorrectionBody): Promise<{ data: CorrectionView; message: string }>;
  correctionAudit(
    examId: number,
    handle: MarkingHandle,
    signal?: AbortSignal,
  ): Promise<{ data: CorrectionAuditEntry[] }>;
}

export const correctionMethods: CorrectionMethods = {
  assignedStudents: (examId, query, signal) =>
    http<AssignedStudentsPage>(`/exams/${examId}/assigned/students`, { query, signal }).then(({ json }) => json),

  assignedFilters: (examId, signal) =>
    dataOf(http<{ data: AssignedFilters }>(`/exams/${examId}/assigned/filters`, { signal })),

  assignedNeighbours: (examId, handle, query, signal) =>
    dataOf(
      http<{ data: AssignedNeighbours }>(
        typeof handle === 'string'
          ? `/exams/${examId}/anonymous/${encodeURIComponent(handle)}/neighbours`
          : `/exams/${examId}/assigned/students/${handle}/neighbours`,
        { query, signal },
      ),
    ),

  studentCorrection: (examId, handle, signal) =>
    dataOf(http<{ data: CorrectionView }>(`/exams/${examId}/${handleSegment(handle)}/correction`, { signal })),

  submitCorrection: (body) =>
    http<{ data: CorrectionView; message: string }>('/exams/submit/correction', { method: 'POST', body }).then(
      ({ json }) => json,
    ),

  correctionAudit: (examId, handle, signal) =>
    dataOf(
      http<{ data: CorrectionAuditEntry[] }>(`/exams/${examId}/${handleSegment(handle)}/correction/audit`, {
        signal,
      }),
    ),
};
