import { delay, http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorMessage, failureMessage } from '../../src/client/providers/errors';
import { http, REQUEST_TIMEOUT_MS } from '../../src/client/providers/http';
import { server } from './support/server';

describe('http', () => {
  it('gives up after the timeout with a translated timeout message', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(120_000);
    server.use(
      mswHttp.get('*/api/slow', async () => {
        await delay(500);
        return HttpResponse.json({ data: [] });
      }),
    );
    await expect(http('/slow', { timeoutMs: 20 })).rejects.toMatchObject({ status: 0, message: 'errors.timeout' });
  });

  it('reports an unreachable server as a network failure', async () => {
    server.use(mswHttp.get('*/api/offline', () => HttpResponse.error()));
    const error = await http('/offline').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 0, message: 'errors.network' });
    expect(errorMessage(error, 'profile.info_failed')).toBe('errors.network');
  });

  it('keeps a cancellation from react-admin an abort, not an HTTP error', async () => {
    server.use(
      mswHttp.get('*/api/cancelled', async () => {
        await delay(500);
        return HttpResponse.json({});
      }),
    );
    const controller = new AbortController();
    const pending = http('/cancelled', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('picks the first field error, else the message, else the fallback', () => {
    expect(failureMessage({ message: 'Invalid', errors: { name: ['Name is required'] } })).toBe('Name is required');
    expect(failureMessage({ message: 'Exam 4 is published.' })).toBe('Exam 4 is published.');
    expect(failureMessage({}, 'profile.password_failed')).toBe('profile.password_failed');
    expect(failureMessage(undefined)).toBe('errors.generic');
  });
});
