import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createSealer, KEY_FILE, loadSecretKeys, parseSecretKey } from '../../src/server/secrets';

/** Issue 46, secrets at rest: the keys as the environment or the embedded database's key file give them. */
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ltm-keys-'));
  dirs.push(dir);
  return dir;
};

describe('secret keys', () => {
  it('take 32 bytes as base64, base64url or hex, and refuse anything else at start-up', () => {
    const bytes = randomBytes(32);
    const ids = [bytes.toString('base64'), bytes.toString('base64url'), bytes.toString('hex')].map(
      (text) => parseSecretKey(text, 'SECRETS_KEY').id,
    );
    expect(new Set(ids).size).toBe(1);
    for (const bad of [
      'short',
      randomBytes(16).toString('base64'),
      randomBytes(33).toString('hex'),
      'not a key, not at all!',
    ])
      expect(() => loadConfig({ SECRETS_KEY: bad })).toThrow(/SECRETS_KEY must be 32 random bytes/);
    expect(() => loadConfig({ SECRETS_KEY_PREVIOUS: `${bytes.toString('base64')},nope` })).toThrow(
      /SECRETS_KEY_PREVIOUS must be 32 random bytes/,
    );
    expect(loadConfig({ SECRETS_KEY: ` ${bytes.toString('hex')} ` }).secrets.key).toBe(bytes.toString('hex'));
  });

  it('on the embedded database without SECRETS_KEY, are made once in DATA_DIR/secrets.key, readable by its owner only', () => {
    const dir = dataDir();
    const first = loadSecretKeys({ key: null, previousKeys: [] }, { dataDir: dir, embedded: true });
    const file = path.join(dir, KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const again = loadSecretKeys({ key: null, previousKeys: [] }, { dataDir: dir, embedded: true });
    expect(again.current?.id).toBe(first.current?.id);
    // SECRETS_KEY wins over the file; PostgreSQL without it has none (each server would make its own).
    const given = randomBytes(32).toString('base64');
    expect(loadSecretKeys({ key: given, previousKeys: [] }, { dataDir: dir, embedded: true }).current?.id).toBe(
      parseSecretKey(given, 'k').id,
    );
    expect(loadSecretKeys({ key: null, previousKeys: [] }, { dataDir: dataDir(), embedded: false }).current).toBeNull();
  });

  it('seal a value anew each time and open it with the key and purpose it was sealed for only', () => {
    const key = parseSecretKey(randomBytes(32).toString('base64'), 'k');
    const sealer = createSealer({ current: key, all: [key] });
    const a = sealer.seal('JBSWY3DPEHPK3PXP', 'totp');
    const b = sealer.seal('JBSWY3DPEHPK3PXP', 'totp');
    expect(a).not.toBe(b);
    expect(sealer.open(a, 'totp')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => sealer.open(a, 'lti_private_key')).toThrow();
    const other = parseSecretKey(randomBytes(32).toString('base64'), 'k');
    expect(() => createSealer({ current: other, all: [other] }).open(a, 'totp')).toThrow(
      /which this server does not hold/,
    );
    // No key: kept as given, and an unsealed value opens as it is.
    const none = createSealer({ current: null, all: [] });
    expect(none.seal('plain', 'totp')).toBe('plain');
    expect(sealer.open('plain', 'totp')).toBe('plain');
  });
});
