import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/database';
import { loadSecretKeys } from './keys';
import { createSealer, type Sealer } from './sealer';
import { sealStoredSecrets } from './stored-secrets';

/**
 * The server's sealer, once every stored secret opens with its keys and is sealed with the current
 * one (stored-secrets.ts). Without a key (PostgreSQL and no SECRETS_KEY) secrets stay as they are,
 * and the log says so.
 */
export async function openSecrets(
  config: Pick<Config, 'secrets' | 'dataDir'>,
  database: Pick<DatabaseHandle, 'db' | 'kind'>,
  log: FastifyBaseLogger,
): Promise<Sealer> {
  const sealer = createSealer(
    loadSecretKeys(config.secrets, { dataDir: config.dataDir, embedded: database.kind === 'pglite' }),
  );
  const { sealed, unsealed } = await sealStoredSecrets(database.db, sealer);
  if (sealed > 0) log.info({ sealed, key: sealer.currentKeyId }, 'stored secrets sealed with the current key');
  if (!sealer.enabled)
    log.warn(
      { unsealed },
      'SECRETS_KEY is not set: second factors, single sign-on client secrets and the LTI key are stored unencrypted',
    );
  return sealer;
}
