/**
 * Restores a backup archive (issue 45): `npm run restore -- ARCHIVE [--work FOLDER]` (where it is
 * unpacked first: beside DATA_DIR unless said), into the database and file
 * store the server's settings name (DATABASE_URL, else DATA_DIR's embedded database; S3_* or
 * DATA_DIR), which must be empty. An archive of either database restores into either. The next
 * `npm start` migrates the restored data to this release.
 */
import fs from 'node:fs';
import path from 'node:path';
import { restoreBackup, RestoreFailed, RestoreRefused } from '../backup';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { openFileStore } from '../storage';
import { DataDirInUse } from '../db/data-dir-lock';

const archive = process.argv[2];
if (!archive || archive.startsWith('-')) {
  console.error('Usage: npm run restore -- ARCHIVE');
  process.exit(1);
}
if (!fs.existsSync(archive)) {
  console.error(`No such archive: ${archive}`);
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase(config).catch((error: unknown) => {
  if (!(error instanceof DataDirInUse)) throw error;
  console.error(error.message);
  process.exit(1);
});
try {
  const store = await openFileStore(config);
  // Unpacked beside the data folder (or where --work says), not in a /tmp that may be a small tmpfs.
  const workAt = process.argv.indexOf('--work');
  const workParent = workAt > 0 ? process.argv[workAt + 1] : path.dirname(config.dataDir);
  const workDir = fs.mkdtempSync(path.join(workParent, '.ltm-restore-'));
  const manifest = await restoreBackup({ db: database.db, store }, archive, workDir);
  const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
  console.log(
    `Restored ${archive} into ${database.kind}: migration ${manifest.migration} (made by release ${manifest.release} on ${manifest.database}), ${rows} rows, ${manifest.files.count} files. Start the server to migrate it to this release.`,
  );
} catch (error) {
  if (!(error instanceof RestoreRefused) && !(error instanceof RestoreFailed)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
