export { KEY_FILE, loadSecretKeys, parseSecretKey, secretsConfig, type SecretKey, type SecretsConfig } from './keys';
export { createSealer, SecretUnavailable, type SecretPurpose, type Sealer } from './sealer';
export { sealStoredSecrets } from './stored-secrets';

/** The database with the sealer: what reads or writes a stored secret is given (an app is one). */
export interface SecretsDb {
  db: import('../db/database').Db;
  secrets: import('./sealer').Sealer;
}
