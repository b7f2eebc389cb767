import { AREAS, listPermissions } from '../../common/permission-catalog';
import { permissionFor } from '../../common/permissions';
import { handleSegment, type MarkingHandle } from '../../common/correction/index';

/** Who may do what in correction (SPEC sections 2 and 6); the routes, the buttons and the API agree. */
export const CORRECTION_PERMISSIONS = {
  /** "preview exam students": the assigned-students list. */
  students: listPermissions(AREAS.examStudents),
  /** "view student exam responses": the correction screen. */
  responses: listPermissions(AREAS.studentResponses),
  /** Saving marks. */
  mark: [permissionFor(AREAS.corrections, 'create'), permissionFor(AREAS.corrections, 'edit')],
  audit: listPermissions(AREAS.correctionAudits),
} as const;

/** `/exams/{id}/preview/students`, with the list's query (`?sort=...&filter[...]=...`) when given. */
export const examStudentsPath = (examId: number | string, search = '') =>
  `/exams/${examId}/preview/students${search ? `?${search.replace(/^\?/, '')}` : ''}`;

/**
 * `/exams/{exam_id}/preview/students/{student_id}/correction` (SPEC section 2), or under anonymous
 * marking `/exams/{exam_id}/preview/anonymous/{code}/correction`, carrying the list's query.
 */
export const correctionPath = (examId: number | string, handle: MarkingHandle, search = '') =>
  `/exams/${examId}/preview/${handleSegment(handle)}/correction${search ? `?${search.replace(/^\?/, '')}` : ''}`;
