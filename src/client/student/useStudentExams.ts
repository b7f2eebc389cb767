import { useQuery } from '@tanstack/react-query';
import { studentApi } from './api';

export const STUDENT_EXAMS_KEY = ['student', 'exams'] as const;

/** The student's assignments (`GET /api/student/exams`). */
export function useStudentExams() {
  return useQuery({
    queryKey: STUDENT_EXAMS_KEY,
    queryFn: ({ signal }) => studentApi.list(signal),
    retry: false,
  });
}
