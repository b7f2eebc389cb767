import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { captureException, initSentry } from '../../src/client/sentry';
import { server } from './support/server';

const sentry = vi.hoisted(() => ({
  init: vi.fn(),
  captureException: vi.fn(),
  browserTracingIntegration: vi.fn(() => ({ name: 'BrowserTracing' })),
  replayIntegration: vi.fn(() => ({ name: 'Replay' })),
}));
vi.mock('@sentry/react', () => sentry);

describe('error monitoring', () => {
  beforeEach(() => vi.clearAllMocks());

  it('stays off without a DSN', async () => {
    await expect(initSentry()).resolves.toBe(false);
    expect(sentry.init).not.toHaveBeenCalled();
  });

  it('stays off when the configuration cannot be read', async () => {
    server.use(http.get('*/api/config', () => HttpResponse.error()));
    await expect(initSentry()).resolves.toBe(false);
    expect(sentry.init).not.toHaveBeenCalled();
  });

  it('starts with the rates of the spec when the server gives a DSN', async () => {
    server.use(
      http.get('*/api/config', () =>
        HttpResponse.json({ data: { sentry_dsn: 'https://key@sentry.example/1', environment: 'production' } }),
      ),
    );

    await expect(initSentry()).resolves.toBe(true);

    expect(sentry.init).toHaveBeenCalledWith(
      expect.objectContaining({
        dsn: 'https://key@sentry.example/1',
        environment: 'production',
        tracesSampleRate: 1.0,
        replaysSessionSampleRate: 0.1,
        replaysOnErrorSampleRate: 1.0,
      }),
    );
    expect(sentry.replayIntegration).toHaveBeenCalled();
    // A share of the traces when the server's setting says so.
    server.use(
      http.get('*/api/config', () =>
        HttpResponse.json({
          data: {
            sentry_dsn: 'https://key@sentry.example/1',
            environment: 'production',
            sentry_traces_sample_rate: 0.05,
          },
        }),
      ),
    );
    await initSentry();
    expect(sentry.init).toHaveBeenLastCalledWith(expect.objectContaining({ tracesSampleRate: 0.05 }));
    const error = new Error('boom');
    captureException(error);
    expect(sentry.captureException).toHaveBeenCalledWith(error, undefined);
  });
});
