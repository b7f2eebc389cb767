import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { inSchoolNetwork, parseSchoolNetworks } from '../../src/server/auth/school-networks';
import {
  ConfigError,
  familyCoveredBy,
  parseTrustProxy,
  rangesOf,
  trustProxyOption,
} from '../../src/server/http/trust-proxy';

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

  it('refuses ranges that together cover every IPv4 or every IPv6 address, with a message and not a stack trace', () => {
    for (const value of [
      '0.0.0.0/0',
      '::/0',
      '0.0.0.0/1,128.0.0.0/1',
      '10.0.0.0/0',
      'fd00::/0',
      '::/1, 8000::/1',
      '0.0.0.0/1,128.0.0.0/2,192.0.0.0/3,224.0.0.0/3,10.0.0.0/8',
      '::ffff:0:0/96',
      '::ffff:0.0.0.0/97,128.0.0.0/1',
      '::/1,8000::/2,c000::/2,loopback',
    ]) {
      expect(() => parseTrustProxy(value), value).toThrow(ConfigError);
      expect(() => parseTrustProxy(value), value).toThrow(/covers every IPv[46] address.*TRUST_PROXY=1/);
    }
    expect(() => loadConfig({ TRUST_PROXY: '0.0.0.0/1,128.0.0.0/1' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '::/0' })).toThrow(/TRUST_PROXY=::\/0 covers every IPv6 address/);
  });

  it('takes ranges that leave some address out', () => {
    for (const value of ['0.0.0.0/1,128.0.0.0/2', '0.0.0.0/1,128.0.0.0/2,192.0.0.0/3,224.0.0.0/4', '::/1,8000::/2'])
      expect(parseTrustProxy(value), value).toEqual(value.split(','));
  });

  it('reads addresses as numbers, IPv4 written as IPv6 as IPv4', () => {
    expect(rangesOf('10.1.2.3/8')).toEqual([{ family: 4, first: 0x0a000000n, last: 0x0affffffn }]);
    expect(rangesOf('::ffff:10.1.2.3/104')).toEqual(rangesOf('10.0.0.0/8'));
    expect(rangesOf('fe80::1%eth0')).toEqual([
      { family: 6, first: (0xfe80n << 112n) | 1n, last: (0xfe80n << 112n) | 1n },
    ]);
    expect(rangesOf('uniquelocal')).toHaveLength(4);
    expect(familyCoveredBy(rangesOf('127.0.0.1'))).toBeNull();
  });
});

describe('SCHOOL_NETWORKS', () => {
  it('takes a comma list of addresses and ranges; none when unset', () => {
    expect(parseSchoolNetworks(undefined)).toEqual([]);
    expect(parseSchoolNetworks(' ')).toEqual([]);
    expect(parseSchoolNetworks('203.0.113.0/24, 198.51.100.7,2001:db8::/48')).toEqual([
      '203.0.113.0/24',
      '198.51.100.7',
      '2001:db8::/48',
    ]);
    expect(loadConfig({ SCHOOL_NETWORKS: '203.0.113.0/24' }).loginThrottle.schoolNetworks).toEqual(['203.0.113.0/24']);
  });

  it('refuses what is not an address or range, and ranges that cover every address', () => {
    for (const value of ['school', '203.0.113.0/33', '0.0.0.0/0', '::/0', '0.0.0.0/1,128.0.0.0/1'])
      expect(() => parseSchoolNetworks(value), value).toThrow(ConfigError);
    expect(() => loadConfig({ SCHOOL_NETWORKS: '0.0.0.0/0' })).toThrow(/SCHOOL_NETWORKS=0\.0\.0\.0\/0 covers every/);
  });

  it('knows a client address in a school network, written as IPv4 or as IPv6', () => {
    const networks = parseSchoolNetworks('203.0.113.0/24,2001:db8::/48');
    for (const ip of ['203.0.113.9', '::ffff:203.0.113.9', '::ffff:cb00:7109', '2001:db8::5', '2001:db8:0:ffff::1'])
      expect(inSchoolNetwork(networks, ip), ip).toBe(true);
    for (const ip of ['203.0.114.1', '2001:db9::1', '::1', 'not an address'])
      expect(inSchoolNetwork(networks, ip), ip).toBe(false);
    expect(inSchoolNetwork([], '203.0.113.9')).toBe(false);
    expect(inSchoolNetwork(undefined, '203.0.113.9')).toBe(false);
  });
});
