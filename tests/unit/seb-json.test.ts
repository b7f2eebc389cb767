import fs from 'node:fs';
import { parse } from 'plist';
import { describe, expect, it } from 'vitest';
import {
  configKeyHashFor,
  configKeyOf,
  isConfigKeyHash,
  sebJson,
  type SebSettings,
} from '../../src/server/seb/seb-json';

/** SEB-JSON as SEB's "Config Key" page defines it, and the two hashes made from it. */
describe('SEB-JSON and the Config Key', () => {
  it('sorts keys case-insensitively at every depth, drops empty dictionaries and originatorVersion at the top', () => {
    const json = sebJson({
      originatorVersion: 'SEB_OSX_2.1',
      startURL: 'https://assess.example.org/my-exams',
      allowQuit: true,
      URLFilterRules: [{ expression: 'example.org/*', active: true, Action: 1 }],
      additionalResources: [],
      embeddedCertificates: {},
      exitKey1: 2,
      allowWLAN: false,
      allowWlan: true,
      nested: { originatorVersion: 'kept below the top', b: false },
    });
    expect(json).toBe(
      '{"additionalResources":[],"allowQuit":true,"allowWlan":true,"allowWLAN":false,"exitKey1":2,"nested":{"b":false,"originatorVersion":"kept below the top"},' +
        '"startURL":"https://assess.example.org/my-exams","URLFilterRules":[{"Action":1,"active":true,"expression":"example.org/*"}]}',
    );
  });

  it('writes data as Base64, dates in ISO 8601, and strings without escaping', () => {
    expect(
      sebJson({ salt: Buffer.from([1, 2, 3, 250]), at: new Date('2026-06-01T08:00:00Z'), rule: 'C:\\exams\\"x"' }),
    ).toBe('{"at":"2026-06-01T08:00:00.000Z","rule":"C:\\exams\\"x"","salt":"AQID+g=="}');
  });

  it("gives a file SEB 2.1.4 wrote the Config Key SEB's config tool shows (Moodle's reference)", () => {
    const settings = parse(fs.readFileSync('tests/fixtures/seb/unencrypted_mac_001.seb', 'utf8')) as SebSettings;
    expect(sebJson(settings)).toHaveLength(7635);
    expect(sebJson(settings)).toContain('"browserMessagingSocket":"ws:\\localhost:8706"');
    expect(configKeyOf(settings)).toBe('4fa9af8ec8759eb7c680752ef4ee5eaf1a860628608fccae2715d519849f9292');
  });

  it('hashes the settings, then the absolute URL without its fragment followed by the key', () => {
    const key = configKeyOf({ b: 1, a: true });
    // SHA-256 of {"a":true,"b":1}
    expect(key).toBe('a3f44886ecd0b8667b0c6a4652d41e1f9e8205fb8d35d299fd20577f5268adb6');
    const hash = configKeyHashFor('https://a.example/x?y=1#part', key);
    expect(hash).toBe(configKeyHashFor('https://a.example/x?y=1', key));
    expect(isConfigKeyHash(hash, 'https://a.example/x?y=1', key)).toBe(true);
    expect(isConfigKeyHash(hash.toUpperCase(), 'https://a.example/x?y=1', key)).toBe(true);
    expect(isConfigKeyHash(hash, 'https://a.example/x?y=2', key)).toBe(false);
    expect(isConfigKeyHash(undefined, 'https://a.example/x?y=1', key)).toBe(false);
    expect(isConfigKeyHash('zz', 'https://a.example/x?y=1', key)).toBe(false);
  });
});
