import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

/** Sentry's trace sample rate is a setting (issue 45): every trace by default, as the spec says. */
describe('SENTRY_TRACES_SAMPLE_RATE', () => {
  it('is 1 unless set, and takes any share from 0 to 1', () => {
    expect(loadConfig({}).sentryTracesSampleRate).toBe(1);
    expect(loadConfig({ SENTRY_TRACES_SAMPLE_RATE: '0.05' }).sentryTracesSampleRate).toBe(0.05);
    expect(loadConfig({ SENTRY_TRACES_SAMPLE_RATE: '0' }).sentryTracesSampleRate).toBe(0);
  });

  it('stops the start on anything else, naming it', () => {
    for (const value of ['1.5', '-0.1', 'half', 'NaN'])
      expect(() => loadConfig({ SENTRY_TRACES_SAMPLE_RATE: value })).toThrow(
        new ConfigError(`SENTRY_TRACES_SAMPLE_RATE must be a number from 0 to 1, not ${JSON.stringify(value)}.`),
      );
  });
});
