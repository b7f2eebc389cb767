import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAppDataProvider } from '../../providers/appDataProvider';
import { apiQuery, type UrlList } from './urlList';

/*
 * A failed read shows at once (an alert) rather than after react-query's retries; the rows stay
 * while the next page or filter loads, so a table does not jump.
 */

export function useSchoolStatuses(ids: number[]) {
  const dataProvider = useAppDataProvider();
  return useQuery({
    queryKey: ['reports', 'schoolStatuses', ids],
    queryFn: ({ signal }) => dataProvider.schoolStatuses(ids, signal).then(({ data }) => data),
    enabled: ids.length > 0,
    // A migration or a generation under way changes the statuses: they are read again meanwhile.
    refetchInterval: (query) =>
      query.state.data?.some((s) => s.migration.status.key === 'migrating' || s.report_status.key === 'pending')
        ? 5000
        : false,
    retry: false,
  });
}

export function useSchoolGrades(schoolId: number, list: UrlList) {
  const dataProvider = useAppDataProvider();
  const query = apiQuery(list);
  return useQuery({
    queryKey: ['reports', 'grades', schoolId, query.toString()],
    queryFn: ({ signal }) => dataProvider.schoolGrades(schoolId, query, signal),
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export function useGradeStudents(schoolId: number, gradeId: number, list: UrlList) {
  const dataProvider = useAppDataProvider();
  const query = apiQuery(list);
  return useQuery({
    queryKey: ['reports', 'students', schoolId, gradeId, query.toString()],
    queryFn: ({ signal }) => dataProvider.gradeStudents(schoolId, gradeId, query, signal),
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export function useStudentExams(studentId: number, list: UrlList) {
  const dataProvider = useAppDataProvider();
  const query = apiQuery(list);
  return useQuery({
    queryKey: ['reports', 'studentExams', studentId, query.toString()],
    queryFn: ({ signal }) => dataProvider.studentExams(studentId, query, signal),
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export function useStudentProfile(studentId: number) {
  const dataProvider = useAppDataProvider();
  return useQuery({
    queryKey: ['reports', 'profile', studentId],
    queryFn: ({ signal }) => dataProvider.studentProfile(studentId, signal).then(({ data }) => data),
    retry: false,
  });
}

/** The filters' choices; `classIds` (`1,2`) the chosen classes, whose students the student filter offers. */
export function useReportFilters(classIds = '') {
  const dataProvider = useAppDataProvider();
  return useQuery({
    queryKey: ['reports', 'filters', classIds],
    queryFn: ({ signal }) => dataProvider.reportFilters(classIds, signal).then(({ data }) => data),
    // The other choices stay on screen while a class's students load.
    placeholderData: (previous) => previous,
    retry: false,
  });
}
