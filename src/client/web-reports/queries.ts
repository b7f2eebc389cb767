import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { WebReportResults } from '../../common/contracts/index';
import { useAppDataProvider } from '../providers/appDataProvider';
import { selectionToApiQuery, type Selection } from './selection';

export function useWebReportFilters() {
  const dataProvider = useAppDataProvider();
  return useQuery({
    queryKey: ['web-reports', 'filters'],
    queryFn: ({ signal }) => dataProvider.webReportFilters(signal).then(({ data }) => data),
    retry: false,
  });
}

/** The figures of a selection; the previous ones stay on screen while a new filter loads. */
export function useWebReportResults(selection: Selection, enabled: boolean) {
  const dataProvider = useAppDataProvider();
  const query = selectionToApiQuery(selection);
  return useQuery<WebReportResults>({
    queryKey: ['web-reports', 'results', query.toString()],
    queryFn: ({ signal }) => dataProvider.webReportResults(query, signal).then(({ data }) => data),
    enabled,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
