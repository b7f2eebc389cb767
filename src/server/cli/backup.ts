/**
 * Writes a backup archive (issue 45): `npm run backup` (into BACKUP_DIR, `DATA_DIR/backups` by
 * default) or `npm run backup -- --out FOLDER`. Uses the same DATABASE_URL / DATA_DIR / S3_* as the
 * server. On PostgreSQL it runs beside the server (one consistent snapshot); the embedded database
 * is one process's (its data folder's lock), so with it the server must be stopped first.
 */
import { createBackup, releaseVersion } from '../backup';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { openFileStore } from '../storage';
import { DataDirInUse } from '../db/data-dir-lock';

const config = loadConfig();
const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const outDir = outAt >= 0 ? args[outAt + 1] : config.backupDir;
if (!outDir) {
  console.error('Usage: npm run backup [-- --out FOLDER]');
  process.exit(1);
}
const database = await openDatabase(config).catch((error: unknown) => {
  // The embedded database is one process's: a server running on it holds its lock.
  if (!(error instanceof DataDirInUse)) throw error;
  console.error(error.message);
  process.exit(1);
});
try {
  const store = await openFileStore(config);
  const { file, manifest } = await createBackup(
    { db: database.db, kind: database.kind, store, release: releaseVersion() },
    outDir,
  );
  const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
  console.log(
    `Backup written: ${file}\n  ${database.kind}, migration ${manifest.migration}, ${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.files.count} files (${manifest.files.bytes} bytes)`,
  );
} finally {
  await database.close();
}
