import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretKey } from './keys';

/** What a sealed value is for: the additional data of its encryption, so one cannot pass for another. */
export type SecretPurpose = 'totp' | 'oidc_client_secret' | 'lti_private_key';

const PREFIX = 'sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed value names a key this server does not hold (another server's, or one not configured). */
export class SecretUnavailable extends Error {
  constructor(readonly keyId: string) {
    super(`a stored secret was sealed with key ${keyId}, which this server does not hold`);
    this.name = 'SecretUnavailable';
  }
}

export interface Sealer {
  /** Whether secrets are sealed (a key is held); otherwise they are kept as they are. */
  readonly enabled: boolean;
  /** The stored form of `plain`: `sealed:v1:<key id>:<base64url of IV, ciphertext and tag>`, or `plain` with no key. */
  seal(plain: string, purpose: SecretPurpose): string;
  /** The secret a stored value holds: opened when sealed, as it is otherwise. Throws when altered or not ours. */
  open(stored: string, purpose: SecretPurpose): string;
  /** The id of the key a stored value was sealed with, or null when it is not sealed. */
  keyIdOf(stored: string): string | null;
  /** The id of the key new values are sealed with (null: none). */
  readonly currentKeyId: string | null;
}

/**
 * AES-256-GCM (node:crypto) with a random 96-bit IV per value and the purpose as additional data:
 * a value altered in the database, or copied to another purpose, fails to open.
 */
export function createSealer(keys: { current: SecretKey | null; all: SecretKey[] }): Sealer {
  const byId = new Map(keys.all.map((key) => [key.id, key]));
  const keyIdOf = (stored: string) => (stored.startsWith(PREFIX) ? stored.slice(PREFIX.length).split(':')[0] : null);
  return {
    enabled: keys.current !== null,
    currentKeyId: keys.current?.id ?? null,
    keyIdOf,
    seal(plain, purpose) {
      const key = keys.current;
      if (!key) return plain;
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key.bytes, iv);
      cipher.setAAD(Buffer.from(purpose));
      const body = Buffer.concat([iv, cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${PREFIX}${key.id}:${body.toString('base64url')}`;
    },
    open(stored, purpose) {
      const id = keyIdOf(stored);
      if (id === null) return stored;
      const key = byId.get(id);
      if (!key) throw new SecretUnavailable(id);
      const text = stored.slice(PREFIX.length + id.length + 1);
      const body = Buffer.from(text, 'base64url');
      // A whole IV and a whole tag, nothing the decoder skipped: a shortened tag is never taken.
      if (body.length < IV_BYTES + TAG_BYTES || body.toString('base64url') !== text)
        throw new Error('a stored secret is malformed');
      const decipher = createDecipheriv('aes-256-gcm', key.bytes, body.subarray(0, IV_BYTES), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(body.subarray(IV_BYTES, body.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
