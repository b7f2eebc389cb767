import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ExamMonitor, ListMeta } from '../../common/contracts/index';
import type { MonitorQuery } from '../providers/examDayMethods';
import { useAppDataProvider } from '../providers/appDataProvider';

/** How often the monitor reads the exam again while it is open (issue 26: it refreshes itself). */
export const MONITOR_REFRESH_MS = 5000;

/** Which school or class the monitor shows. */
export interface MonitorFilter {
  school_id?: number;
  school_class_id?: number;
}

export const monitorKey = (examId: number) => ['exam-monitor', examId] as const;

/** The exam as it is sat now, and a page of its students, read again every few seconds (and at once after an intervention). */
export function useExamMonitor(examId: number, query: MonitorQuery) {
  const provider = useAppDataProvider();
  return useQuery<{ data: ExamMonitor; meta: ListMeta }>({
    queryKey: [...monitorKey(examId), query],
    queryFn: ({ signal }) => provider.examMonitor(examId, query, signal),
    refetchInterval: MONITOR_REFRESH_MS,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });
}
