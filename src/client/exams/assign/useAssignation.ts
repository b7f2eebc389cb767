import { useQuery } from '@tanstack/react-query';
import { useAppDataProvider } from '../../providers/appDataProvider';
import { READ_OPTIONS } from '../common/examQueries';

/** The schools with students eligible for the exam, with counts. */
export function useAssignationSchools(examId: number) {
  const dataProvider = useAppDataProvider();
  return useQuery({
    queryKey: ['exams', 'assignationSchools', { examId }],
    queryFn: ({ signal }) => dataProvider.assignationSchools(examId, signal).then(({ data }) => data),
    ...READ_OPTIONS,
  });
}

/** One school's eligible students (none asked until a school is opened). */
export function useAssignationStudents(
  examId: number,
  schoolId: number | null,
  query: { school_class_id?: number; search?: string },
) {
  const dataProvider = useAppDataProvider();
  return useQuery({
    queryKey: ['exams', 'assignationStudents', { examId, schoolId, ...query }],
    queryFn: ({ signal }) =>
      dataProvider.assignationStudents(examId, schoolId!, query, signal).then(({ data }) => data),
    enabled: schoolId !== null,
    ...READ_OPTIONS,
  });
}
