import { sql } from 'kysely';
import type { Db } from '../db/database';
import { ConfigError } from '../http/trust-proxy';
import { SecretUnavailable, type SecretPurpose, type Sealer } from './sealer';

/** Every stored secret: its table, key column, column, purpose, and whether the column is JSON. */
const STORED: { table: string; key: string; column: string; purpose: SecretPurpose; json?: boolean }[] = [
  { table: 'users', key: 'id', column: 'mfa_secret', purpose: 'totp' },
  { table: 'users', key: 'id', column: 'mfa_pending_secret', purpose: 'totp' },
  { table: 'sso_providers', key: 'id', column: 'client_secret', purpose: 'oidc_client_secret' },
  { table: 'lti_tool_keys', key: 'kid', column: 'private_jwk', purpose: 'lti_private_key', json: true },
];

/** A JSON column's value as text: a sealed value is a JSON string, an unsealed one the JSON itself. */
const textOf = (value: unknown, json?: boolean) =>
  json ? (typeof value === 'string' ? value : JSON.stringify(value)) : String(value);

/**
 * At start-up, before the server listens: every stored secret must open with a key this server
 * holds (otherwise it stops, saying which key is missing: a restored backup needs the key that
 * sealed it), and each one not sealed with the current key (stored before keys were configured, or
 * under a previous key) is sealed with it. Both servers behind a balancer may do this at once: a
 * value is replaced only while it is still the one read.
 */
export async function sealStoredSecrets(db: Db, sealer: Sealer): Promise<{ sealed: number; unsealed: number }> {
  const missing = new Set<string>();
  let sealed = 0;
  let unsealed = 0;
  for (const { table, key, column, purpose, json } of STORED) {
    const { rows } = await sql<{ key: string | number; value: unknown }>`
      select ${sql.ref(key)} as key, ${sql.ref(column)} as value from ${sql.table(table)} where ${sql.ref(column)} is not null
    `.execute(db);
    for (const row of rows) {
      const stored = textOf(row.value, json);
      const keyId = sealer.keyIdOf(stored);
      if (keyId !== null && !sealer.enabled) missing.add(keyId);
      if (!sealer.enabled) {
        if (keyId === null) unsealed += 1;
        continue;
      }
      if (keyId === sealer.currentKeyId) continue;
      let plain: string;
      try {
        plain = sealer.open(stored, purpose);
      } catch (error) {
        missing.add(error instanceof SecretUnavailable ? keyId! : `${keyId} (a value altered since)`);
        continue;
      }
      const next = sealer.seal(plain, purpose);
      const value = json ? JSON.stringify(next) : next;
      const old = json
        ? sql`${sql.ref(column)}::text = ${JSON.stringify(row.value)}::jsonb::text`
        : sql`${sql.ref(column)} = ${stored}`;
      await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${value} where ${sql.ref(key)} = ${row.key} and ${old}`.execute(
        db,
      );
      sealed += 1;
    }
  }
  if (missing.size > 0)
    throw new ConfigError(
      `Stored secrets (second factors, single sign-on client secrets, the LTI key) were sealed with key ${[...missing].join(', ')}, which this server does not hold: set SECRETS_KEY (or SECRETS_KEY_PREVIOUS) to that key, or, on the embedded database, put back the DATA_DIR/secrets.key it was made with.`,
    );
  return { sealed, unsealed };
}
