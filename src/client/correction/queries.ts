import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAppDataProvider } from '../providers/appDataProvider';
import { listApiQuery, neighboursApiQuery, type ListState } from './listState';

/** A failed read shows at once (an alert) rather than after react-query's retries. */
const READ_OPTIONS = { retry: false } as const;

export const correctionKey = (examId: number, studentId: number) => ['correction', 'view', { examId, studentId }];

export function useAssignedStudents(examId: number, state: ListState) {
  const dataProvider = useAppDataProvider();
  const query = listApiQuery(state);
  return useQuery({
    queryKey: ['correction', 'assignedStudents', { examId, query: query.toString() }],
    queryFn: ({ signal }) => dataProvider.assignedStudents(examId, query, signal),
    // The rows stay while the next page or filter loads, so the table does not jump.
    placeholderData: keepPreviousData,
    ...READ_OPTIONS,
  });
}

export function useAssignedFilters(examId: number) {
  const dataProvider = useAppDataProvider();
  return useQuery({
    queryKey: ['correction', 'assignedFilters', { examId }],
    queryFn: ({ signal }) => dataProvider.assignedFilters(examId, signal).then(({ data }) => data),
    ...READ_OPTIONS,
  });
}

/** The students before and after one in the list's order and filters. */
export function useNeighbours(examId: number, studentId: number, state: ListState, enabled: boolean) {
  const dataProvider = useAppDataProvider();
  const query = neighboursApiQuery(state);
  return useQuery({
    queryKey: ['correction', 'neighbours', { examId, studentId, query: query.toString() }],
    queryFn: ({ signal }) => dataProvider.assignedNeighbours(examId, studentId, query, signal).then(({ data }) => data),
    enabled,
    ...READ_OPTIONS,
  });
}

/**
 * A student's correction. Never refetched behind the marker's back (window focus, reconnect):
 * the marks being typed are drawn from it, and only a save or an asked-for reload replaces it.
 */
export function useCorrection(examId: number, studentId: number) {
  const dataProvider = useAppDataProvider();
  return useQuery({
    queryKey: correctionKey(examId, studentId),
    queryFn: ({ signal }) => dataProvider.studentCorrection(examId, studentId, signal).then(({ data }) => data),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchOnMount: 'always',
    ...READ_OPTIONS,
  });
}

export function useCorrectionAudit(examId: number, studentId: number, enabled: boolean) {
  const dataProvider = useAppDataProvider();
  return useQuery({
    queryKey: ['correction', 'audit', { examId, studentId }],
    queryFn: ({ signal }) => dataProvider.correctionAudit(examId, studentId, signal).then(({ data }) => data),
    enabled,
    staleTime: 0,
    ...READ_OPTIONS,
  });
}
