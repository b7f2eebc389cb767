import myExams from '../../../schemas/my-exams';
import { AREAS } from '../../common/permission-catalog';
import { permissionFor } from '../../common/permissions';

/** The student's home: their exams, where schemas/my-exams.ts puts them. */
export const MY_EXAMS_PATH = myExams.pages.my_exams.path.replace(/\/\*$/, '');
export const examPlayerPath = (id: number | string) => `${MY_EXAMS_PATH}/${id}`;
export const examResultPath = (id: number | string) => `${MY_EXAMS_PATH}/${id}/result`;

/** Taking an exam (start, answer, submit): what marks a user as a student in the console. */
export const STUDENT_ANSWER_PERMISSION = permissionFor(AREAS.studentExams, 'edit');
export const STUDENT_VIEW_PERMISSION = permissionFor(AREAS.studentExams, 'view');

/** An exam's own page (its start page, the player, the submit page), not its result. */
export const isExamPlayerPath = (pathname: string) => new RegExp(`^${MY_EXAMS_PATH}/[^/]+/?$`).test(pathname);
