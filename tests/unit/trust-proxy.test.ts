import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { ConfigError, parseTrustProxy, trustProxyOption } from '../../src/server/http/trust-proxy';

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset, empty, false or 0', () => {
    for (const value of [undefined, '', ' ', 'false', '0']) expect(parseTrustProxy(value), String(value)).toBe(false);
  });

  it('takes a hop count', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy(' 2 ')).toBe(2);
    expect(() => parseTrustProxy('999')).toThrow(ConfigError);
  });

  it('hands Fastify a hop count as a function (a bare number would trust nothing)', () => {
    const trust = trustProxyOption(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => trust('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
  });

  it('takes addresses and CIDR ranges as a comma list', () => {
    expect(parseTrustProxy('10.0.0.0/8')).toEqual(['10.0.0.0/8']);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.10,fd00::/8 ,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses true, which would trust every hop, with a message that says what to write instead', () => {
    for (const value of ['true', 'TRUE', ' true ']) {
      expect(() => parseTrustProxy(value)).toThrow(ConfigError);
      expect(() => parseTrustProxy(value)).toThrow(/TRUST_PROXY=1/);
    }
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
  });

  it('refuses what is neither a count nor an address or range', () => {
    for (const value of ['yes', '10.0.0.0/33', '10.0.0/8', '1.2.3.4/8/9', 'fd00::/129', '10.0.0.1,nope', '-1', '1.5'])
      expect(() => parseTrustProxy(value), value).toThrow(ConfigError);
  });
});
