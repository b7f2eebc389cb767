import { useCallback, useEffect, useState } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';

export interface Loaded<T> {
  status: 'loading' | 'ready' | 'error';
  data: T | undefined;
  error: unknown;
  reload: () => void;
  /** Replaces the data with what a mutation answered, without a refetch. */
  setData: (data: T) => void;
}

/**
 * Loads something outside react-admin's data provider (the exams area's own calls), cancelled
 * when the inputs change. A lost session or permission logs out as the data provider's calls do.
 */
export function useLoaded<T>(load: ((signal: AbortSignal) => Promise<T>) | null, deps: readonly unknown[]): Loaded<T> {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [state, setState] = useState<{ status: Loaded<T>['status']; data: T | undefined; error: unknown }>({
    status: 'loading',
    data: undefined,
    error: null,
  });
  const [tick, setTick] = useState(0);

  useEffect(() => {
    if (!load) return;
    const controller = new AbortController();
    setState((current) => ({ ...current, status: current.data === undefined ? 'loading' : current.status }));
    load(controller.signal)
      .then((data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data, error: null });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        void logoutIfAccessDenied(error);
        setState({ status: 'error', data: undefined, error });
      });
    return () => controller.abort();
    // `load` is a new function each render; `deps` says when it means something new.
  }, [...deps, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  const setData = useCallback((data: T) => setState({ status: 'ready', data, error: null }), []);
  return { ...state, reload, setData };
}
