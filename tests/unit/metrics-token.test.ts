import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

/** METRICS_TOKEN (issue 45): unset, no metrics; set, a secret long enough not to be guessed. */
describe('METRICS_TOKEN', () => {
  it('is off unless set, and taken as given (trimmed) when 24 characters or more', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: '  ' }).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: ` ${'a'.repeat(24)} ` }).metricsToken).toBe('a'.repeat(24));
  });

  it('stops the start on a short one', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'a'.repeat(23) })).toThrow(
      new ConfigError('METRICS_TOKEN must be at least 24 characters (for example: openssl rand -hex 24).'),
    );
  });
});
