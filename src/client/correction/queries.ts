import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MarkingHandle } from '../../common/correction/index';
import { useAppDataProvider } from '../providers/appDataProvider';
import { listApiQuery, neighboursApiQuery, type ListState } from './listState';

/** A failed read shows at once (an alert) rather than after react-query's retries. */
const READ_OPTIONS = { retry: false } as const;

export const correctionKey = (examId: number, handle: MarkingHandle) => ['correction', 'view', { examId, handle }];

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
export function useNeighbours(examId: number, handle: MarkingHandle, state: ListState, enabled: boolean) {
  const dataProvider = useAppDataProvider();
  const query = neighboursApiQuery(state);
  return useQuery({
    queryKey: ['correction', 'neighbours', { examId, handle, query: query.toString() }],
    queryFn: ({ signal }) => dataProvider.assignedNeighbours(examId, handle, query, signal).then(({ data }) => data),
    enabled,
    ...READ_OPTIONS,
  });
}

/**
 * A student's correction. Never refetched behind the marker's back (window focus, reconnect):
 * the marks being typed are drawn from it, and only a save or an asked-for reload replaces it.
 */
export function useCorrection(examId: number, handle: MarkingHandle) {
  const dataProvider = useAppDataProvider();
  return useQuery({
    queryKey: correctionKey(examId, handle),
    queryFn: ({ signal }) => dataProvider.studentCorrection(examId, handle, signal).then(({ data }) => data),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchOnMount: 'always',
    ...READ_OPTIONS,
  });
}

export function useCorrectionAudit(examId: number, handle: MarkingHandle, enabled: boolean) {
  const dataProvider = useAppDataProvider();
  return useQuery({
    queryKey: ['correction', 'audit', { examId, handle }],
    queryFn: ({ signal }) => dataProvider.correctionAudit(examId, handle, signal).then(({ data }) => data),
    enabled,
    staleTime: 0,
    ...READ_OPTIONS,
  });
}
