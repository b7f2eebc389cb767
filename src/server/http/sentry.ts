/**
 * Error reporting to Sentry, only when SENTRY_DSN is set (SPEC section 9 rates: all traces, unless
 * SENTRY_TRACES_SAMPLE_RATE says a share).
 * Without a DSN the SDK is never loaded and nothing leaves the machine.
 */
type SentryModule = typeof import('@sentry/node');
let sentry: SentryModule | null = null;

export async function initServerSentry(dsn: string | null, environment: string, tracesSampleRate = 1): Promise<void> {
  if (!dsn) return;
  sentry = await import('@sentry/node');
  sentry.init({ dsn, environment, tracesSampleRate, sendDefaultPii: false });
}

export function reportError(error: unknown, context: Record<string, unknown> = {}): void {
  sentry?.captureException(error, { extra: context });
}

export async function flushSentry(): Promise<void> {
  await sentry?.flush(2000);
}
