import type { Config } from '../config';
import type { DatabaseHandle } from '../db/database';
import { openFileStore } from '../storage';
import { createBackup } from './create-backup';
import { releaseVersion } from './release';

/**
 * What a start does before it migrates a database made by an earlier release (issue 45): it says
 * what it will migrate, and on the embedded database takes a backup first (into BACKUP_DIR), so an
 * upgrade that goes wrong can be undone with `npm run restore`. On PostgreSQL it says so and leaves
 * the backup to the database's own (pgBackRest in the reference deployment, or `npm run backup`).
 */
export function backupBeforeMigrating(
  config: Pick<Config, 'dataDir' | 'backupDir' | 'storage'>,
  database: Pick<DatabaseHandle, 'db' | 'kind'>,
  say: (line: string) => void = console.log,
) {
  return async ({ from, pending }: { from: string; pending: string[] }) => {
    say(`The database is at migration ${from}; this release applies ${pending.length}: ${pending.join(', ')}.`);
    if (database.kind !== 'pglite') {
      say('Back PostgreSQL up before an upgrade (pgBackRest, or npm run backup); migrating now.');
      return;
    }
    const store = await openFileStore(config);
    const { file } = await createBackup(
      { db: database.db, kind: database.kind, store, release: releaseVersion() },
      config.backupDir,
    );
    say(`Backup taken before migrating: ${file}`);
  };
}
