import { AppError } from './app-error';

/**
 * Turns at a scarce resource (threads of a pool): at most `slots()` hold one at once, at most
 * `maxWaiting` wait for one in arrival order, and the next request is answered 503 with
 * `retry-after`. A turn passes straight to the next waiting, so none can take it in between.
 * Answers a function that takes a turn and resolves to the function that gives it back (once).
 */
export function turnstile(slots: () => number, maxWaiting: number, retryAfterSeconds: number) {
  let holding = 0;
  const waiting: (() => void)[] = [];
  return async function take(): Promise<() => void> {
    if (holding < slots()) holding++;
    else if (waiting.length >= maxWaiting)
      throw new AppError(503, 'errors.service_unavailable', undefined, undefined, {
        'retry-after': String(retryAfterSeconds),
      });
    else await new Promise<void>((resolve) => waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = waiting.shift();
      if (next) next();
      else holding--;
    };
  };
}
