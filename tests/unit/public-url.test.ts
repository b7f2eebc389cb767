import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

/** PUBLIC_URL: what login cards print (issue 39), never the Host a request names. */
describe('PUBLIC_URL', () => {
  it('is the local address by default, and an origin (with its path) when set', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ PUBLIC_URL: 'https://assess.example.org/' }).publicUrl).toBe('https://assess.example.org');
    expect(loadConfig({ PUBLIC_URL: 'https://moe.example/benchmark/' }).publicUrl).toBe(
      'https://moe.example/benchmark',
    );
  });

  it('must be said in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL must be set/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://x.example' }).publicUrl).toBe('https://x.example');
  });

  it('refuses anything else with a config error', () => {
    for (const value of [
      'assess.example.org',
      'ftp://x.example',
      'https://u:p@x.example',
      'https://x.example/?a=1',
      'javascript:alert(1)',
    ])
      expect(() => loadConfig({ PUBLIC_URL: value }), value).toThrow(ConfigError);
  });
});
