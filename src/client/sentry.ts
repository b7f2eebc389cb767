import { http } from './providers/http';

/** `GET /api/config`: public settings the console needs before anything else. */
export interface PublicConfig {
  sentry_dsn: string | null;
  /** The share of page loads and requests traced (the server's SENTRY_TRACES_SAMPLE_RATE). */
  sentry_traces_sample_rate?: number;
  environment: string;
}

type SentryModule = typeof import('@sentry/react');
let sentry: SentryModule | null = null;

/** SPEC section 9: all traces, a tenth of sessions replayed, every session with an error replayed. */
export const SENTRY_RATES = {
  tracesSampleRate: 1.0,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1.0,
} as const;

/**
 * Starts error monitoring only when the server hands out a DSN. Without one the Sentry
 * code is never even downloaded, so nothing leaves the machine.
 */
export async function initSentry(): Promise<boolean> {
  try {
    const { json } = await http<{ data: PublicConfig }>('/config');
    const dsn = json.data?.sentry_dsn;
    if (!dsn) return false;
    const Sentry = await import('@sentry/react');
    Sentry.init({
      dsn,
      environment: json.data.environment,
      integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration()],
      ...SENTRY_RATES,
      tracesSampleRate: json.data.sentry_traces_sample_rate ?? SENTRY_RATES.tracesSampleRate,
    });
    sentry = Sentry;
    return true;
  } catch {
    // Monitoring must never keep the console from starting.
    return false;
  }
}

/** Reports an error caught by an error boundary; a no-op while monitoring is off. */
export function captureException(error: unknown, componentStack?: string): void {
  sentry?.captureException(error, componentStack ? { contexts: { react: { componentStack } } } : undefined);
}
