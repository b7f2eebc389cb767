import type { z } from 'zod';
import type { assignationSchool, assignationStudent, AssignmentOutcome } from '../../common/contracts/index';
import { dataOf, http } from './http';

export type AssignationSchool = z.infer<typeof assignationSchool>;
export type AssignationStudent = z.infer<typeof assignationStudent>;

/** What assign and reassign take (SPEC section 7). */
export interface AssignmentBody {
  school_ids: number[];
  student_ids: number[];
  start_date_time: string;
  end_date_time: string;
  show_answers: boolean;
  shuffle_choices: boolean;
  shuffle_questions: boolean;
  exam_localization_id: number | null;
  /** When the results reach the students and school staff: once the window has closed, or once released. */
  release_results: 'after_close' | 'manual';
}

/** Assigning an exam to schools and students. */
export interface AssignmentMethods {
  assignationSchools(examId: number, signal?: AbortSignal): Promise<{ data: AssignationSchool[] }>;
  assignationStudents(
    examId: number,
    schoolId: number,
    query: { school_class_id?: number; search?: string },
    signal?: AbortSignal,
  ): Promise<{ data: AssignationStudent[] }>;
  assignStudents(examId: number, body: AssignmentBody): Promise<{ data: AssignmentOutcome }>;
  /** The listed students start afresh: their earlier answers for this exam are erased. */
  reassignStudents(examId: number, body: AssignmentBody): Promise<{ data: AssignmentOutcome }>;
}

export const assignmentMethods: AssignmentMethods = {
  assignationSchools: (examId, signal) =>
    dataOf(http<{ data: AssignationSchool[] }>(`/exams/${examId}/assignation/schools`, { signal })),

  assignationStudents: (examId, schoolId, query, signal) => {
    const params = new URLSearchParams();
    if (query.school_class_id) params.set('school_class_id', String(query.school_class_id));
    if (query.search) params.set('search', query.search);
    return dataOf(
      http<{ data: AssignationStudent[] }>(`/exams/${examId}/assignation/schools/${schoolId}/students`, {
        query: params,
        signal,
      }),
    );
  },

  assignStudents: (examId, body) =>
    dataOf(http<{ data: AssignmentOutcome }>(`/exams/${examId}/assign/students`, { method: 'POST', body })),

  reassignStudents: (examId, body) =>
    dataOf(http<{ data: AssignmentOutcome }>(`/exams/${examId}/reassign/students`, { method: 'POST', body })),
};
