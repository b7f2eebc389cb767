import { useQuery } from '@tanstack/react-query';

const POLL_MS = 1000;

/** An import job's status as both imports (students, questions) word it. */
interface Job {
  id: number;
  status: string;
}

export const isUnderWay = (job: Job) => job.status === 'queued' || job.status === 'running';

/**
 * An import job as it goes: read every second through `read` from its queuing until it is done
 * or failed. `key` names the import (`roster`, `questions`) in react-query's cache.
 */
export function useImportJob<J extends Job>(
  started: J | null,
  key: string,
  read: (id: number, signal: AbortSignal) => Promise<{ data: J }>,
): J | null {
  const { data } = useQuery({
    queryKey: [key, 'imports', started?.id],
    queryFn: ({ signal }) => read(started!.id, signal).then(({ data }) => data),
    enabled: started !== null,
    initialData: started ?? undefined,
    refetchInterval: (query) => (query.state.data && isUnderWay(query.state.data) ? POLL_MS : false),
    retry: false,
  });
  return started ? (data ?? started) : null;
}
