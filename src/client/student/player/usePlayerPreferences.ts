import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { studentApi, type PlayerPreferences } from '../api';

const KEY = ['student-preferences'] as const;
export const DEFAULT_PREFERENCES: PlayerPreferences = { text_size: 'normal', high_contrast: false };

/** The student's display preferences, kept on their record (so they follow them to any computer). */
export function usePlayerPreferences() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: () => studentApi.preferences(), staleTime: Infinity });
  const mutation = useMutation({
    mutationFn: (next: PlayerPreferences) => studentApi.savePreferences(next),
    onMutate: (next) => queryClient.setQueryData(KEY, next),
  });
  return {
    preferences: query.data ?? DEFAULT_PREFERENCES,
    change: (next: Partial<PlayerPreferences>) => mutation.mutate({ ...(query.data ?? DEFAULT_PREFERENCES), ...next }),
  };
}
