import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ExamMonitor } from '../../common/contracts/index';
import { useAppDataProvider } from '../providers/appDataProvider';

/** How often the monitor reads the exam again while it is open (issue 26: it refreshes itself). */
export const MONITOR_REFRESH_MS = 5000;

export interface MonitorFilter {
  school_id?: number;
  school_class_id?: number;
}

export const monitorKey = (examId: number) => ['exam-monitor', examId] as const;

/** The exam as it is sat now, read again every few seconds (and at once after an intervention). */
export function useExamMonitor(examId: number, filter: MonitorFilter) {
  const provider = useAppDataProvider();
  return useQuery<ExamMonitor>({
    queryKey: [...monitorKey(examId), filter],
    queryFn: ({ signal }) => provider.examMonitor(examId, filter, signal).then((response) => response.data),
    refetchInterval: MONITOR_REFRESH_MS,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });
}
