import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../http/trust-proxy';

/** A 256-bit key and its id (the first 8 hex digits of its SHA-256), which sealed values name. */
export interface SecretKey {
  id: string;
  bytes: Buffer;
}

/** The keys as the environment gives them (`SECRETS_KEY`, `SECRETS_KEY_PREVIOUS`), not yet read. */
export interface SecretsConfig {
  key: string | null;
  previousKeys: string[];
}

/** The key file the embedded database keeps beside itself when no SECRETS_KEY is set. */
export const KEY_FILE = 'secrets.key';

/** 32 bytes, written as 64 hex digits or as base64 (`openssl rand -base64 32`); anything else is refused. */
export function parseSecretKey(text: string, name: string): SecretKey {
  const trimmed = text.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)
      ? Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      : null;
  if (!bytes || bytes.length !== 32)
    throw new ConfigError(`${name} must be 32 random bytes as base64 or 64 hex digits (openssl rand -base64 32).`);
  return { id: createHash('sha256').update(bytes).digest('hex').slice(0, 8), bytes };
}

/** Reads SECRETS_KEY and SECRETS_KEY_PREVIOUS (comma-separated), checked now so that a bad one stops the start. */
export function secretsConfig(env: NodeJS.ProcessEnv): SecretsConfig {
  const key = env.SECRETS_KEY?.trim() || null;
  const previousKeys = (env.SECRETS_KEY_PREVIOUS ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (key) parseSecretKey(key, 'SECRETS_KEY');
  for (const previous of previousKeys) parseSecretKey(previous, 'SECRETS_KEY_PREVIOUS');
  return { key, previousKeys };
}

/**
 * The keys this server seals and opens with: SECRETS_KEY (and the previous ones, for opening only);
 * without it, on the embedded database, a key made at the first start and kept in DATA_DIR's
 * `secrets.key` (readable by its owner only; never in a backup archive). On PostgreSQL without it,
 * none: every server behind a balancer must hold the same key, which only the environment can give.
 */
export function loadSecretKeys(
  secrets: SecretsConfig,
  where: { dataDir: string; embedded: boolean },
): { current: SecretKey | null; all: SecretKey[] } {
  const previous = secrets.previousKeys.map((text) => parseSecretKey(text, 'SECRETS_KEY_PREVIOUS'));
  let current: SecretKey | null = null;
  if (secrets.key) current = parseSecretKey(secrets.key, 'SECRETS_KEY');
  else if (where.embedded) current = parseSecretKey(keyFile(where.dataDir), path.join(where.dataDir, KEY_FILE));
  return { current, all: current ? [current, ...previous] : previous };
}

/** The embedded database's key file, made (exclusively, mode 600) when it is not there yet. */
function keyFile(dataDir: string): string {
  const file = path.join(dataDir, KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return fs.readFileSync(file, 'utf8');
}
