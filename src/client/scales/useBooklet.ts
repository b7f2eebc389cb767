import { useQuery } from '@tanstack/react-query';
import type { BookmarkBooklet } from '../../common/contracts/index';
import { useAppDataProvider } from '../providers/appDataProvider';

export type Stage = { grade_id: number | null; level_id: number | null };

/** A scale's ordered item booklet for a grade or level (read when both are chosen). */
export function useBooklet(scaleId: number | null, stage: Stage) {
  const provider = useAppDataProvider();
  return useQuery<{ data: BookmarkBooklet }>({
    queryKey: ['booklet', scaleId, stage.grade_id, stage.level_id],
    queryFn: ({ signal }) => provider.booklet(scaleId!, stage, signal),
    enabled: scaleId !== null && (stage.grade_id !== null || stage.level_id !== null),
  });
}
