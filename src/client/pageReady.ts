import { lazy } from 'react';

/**
 * The console's page-ready signal, for whoever drives it from outside (the end-to-end tests wait on
 * it instead of fixed pauses): `<html data-requests="n">` holds the API calls in flight, and appears
 * once the app has started to render. A page is ready when it reads 0 and no progress bar shows.
 */
let inFlight = 0;

const show = () => {
  document.documentElement.dataset.requests = String(inFlight);
};

/**
 * The app has started to render: the signal begins, with which app it is (`data-app`: the staff
 * console or the students' slimmer boot), so that a driver knows a path of the same app is reached
 * without loading the page again.
 */
export function signalRendered(app: 'console' | 'student'): void {
  document.documentElement.dataset.app = app;
  show();
}

/** Counts `work` as an API call in flight while it runs. */
export async function countedRequest<T>(work: () => Promise<T>): Promise<T> {
  inFlight++;
  show();
  try {
    return await work();
  } finally {
    inFlight--;
    show();
  }
}

/**
 * `React.lazy` whose chunk counts as work in flight while it loads: a page that is still fetching
 * its code is not ready (its first reads start only once it renders).
 */
export const lazyLoaded = <T extends LazyComponent>(load: () => Promise<{ default: T }>) =>
  lazy<T>(() => {
    const loaded = countedRequest(load);
    loading.add(loaded);
    const done = () => loading.delete(loaded);
    loaded.then(done, done);
    return loaded;
  });

/** The chunks `lazyLoaded` is still loading. */
const loading = new Set<Promise<unknown>>();

/**
 * Resolves once no lazily loaded chunk is loading. The console's tests wait for it before a file's
 * window goes: a chunk cut off half loaded would stay broken for the next files of the worker,
 * which share its modules.
 */
export async function lazyLoadsSettled(): Promise<void> {
  while (loading.size > 0) await Promise.allSettled([...loading]);
}

/** What `React.lazy` takes: a component of any props. */
type LazyComponent = Parameters<typeof lazy>[0] extends () => Promise<{ default: infer C }> ? C : never;
