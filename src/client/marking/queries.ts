import { useQuery } from '@tanstack/react-query';
import { useAppDataProvider } from '../providers/appDataProvider';

/** What waits for the signed-in marker; read again when they come back to the page. */
export function useMarkingWaiting() {
  const dataProvider = useAppDataProvider();
  return useQuery({
    queryKey: ['homes', 'waiting'],
    queryFn: ({ signal }) => dataProvider.markingWaiting(signal).then(({ data }) => data),
    retry: false,
  });
}
