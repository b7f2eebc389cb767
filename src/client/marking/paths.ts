import { CORRECTION_STATUS } from '../../common/correction/index';
import { examStudentsPath } from '../correction';

/** The exam's students whose correction is not finished: what waits for a first or second mark. */
export const waitingStudentsPath = (examId: number) =>
  examStudentsPath(
    examId,
    new URLSearchParams({
      'filter[student_exam_status_id]': [CORRECTION_STATUS.not_corrected, CORRECTION_STATUS.in_progress].join(','),
    }).toString(),
  );

/** The exam's students with an answer that waits for a deciding mark. */
export const decidingStudentsPath = (examId: number) =>
  examStudentsPath(examId, new URLSearchParams({ 'filter[needs_deciding]': '1' }).toString());
