import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { SecretsDb } from '../secrets';

export const TOOL_ALG = 'RS256';
const PURPOSE = 'lti_private_key';
/** The stored private key: a sealed string, or (no key held) the JWK itself. */
const sealedJwk = (stored: string): unknown => (stored.startsWith('{') ? JSON.parse(stored) : stored);

/**
 * This tool's signing key: made at first need and kept in the database, so every server behind
 * the balancer signs with the same one and the platform finds its kid in /api/lti/jwks. The oldest
 * key signs; two servers making one at once keep both, and both are published.
 */
export async function toolKey({ db, secrets }: SecretsDb): Promise<{ kid: string; privateKey: CryptoKey }> {
  let row = await db
    .selectFrom('lti_tool_keys')
    .select(['kid', 'private_jwk'])
    .orderBy('created_at')
    .orderBy('kid')
    .executeTakeFirst();
  if (!row) {
    const { privateKey, publicKey } = await generateKeyPair(TOOL_ALG, { extractable: true, modulusLength: 2048 });
    const kid = randomUUID();
    await db
      .insertInto('lti_tool_keys')
      .values({
        kid,
        // Sealed (a JSON string) when the server holds a key: src/server/secrets.
        private_jwk: JSON.stringify(sealedJwk(secrets.seal(JSON.stringify(await exportJWK(privateKey)), PURPOSE))),
        public_jwk: JSON.stringify({ ...(await exportJWK(publicKey)), kid, alg: TOOL_ALG, use: 'sig' }),
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    row = await db
      .selectFrom('lti_tool_keys')
      .select(['kid', 'private_jwk'])
      .orderBy('created_at')
      .orderBy('kid')
      .executeTakeFirstOrThrow();
  }
  const jwk: JWK =
    typeof row.private_jwk === 'string' ? JSON.parse(secrets.open(row.private_jwk, PURPOSE)) : (row.private_jwk as JWK);
  return { kid: row.kid, privateKey: (await importJWK(jwk, TOOL_ALG)) as CryptoKey };
}

/** The public key set a platform checks this tool's messages with (deep linking answers, token requests). */
export async function toolKeySet(store: SecretsDb): Promise<{ keys: JWK[] }> {
  const { db } = store;
  await toolKey(store);
  const rows = await db.selectFrom('lti_tool_keys').select('public_jwk').orderBy('created_at').execute();
  return { keys: rows.map((row) => row.public_jwk as JWK) };
}
