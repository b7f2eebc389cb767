import { useQuery } from '@tanstack/react-query';
import { useAppDataProvider } from '../providers/appDataProvider';

/** The reader's schools with their running exams, released results and latest reports. */
export function useSchoolHomes() {
  const dataProvider = useAppDataProvider();
  return useQuery({
    queryKey: ['homes', 'schools'],
    queryFn: ({ signal }) => dataProvider.schoolHomes(signal).then(({ data }) => data),
    retry: false,
  });
}
