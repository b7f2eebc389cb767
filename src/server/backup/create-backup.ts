import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/database';
import { latestMigration } from '../db/migrate';
import { copyStore, localFileStore, type FileStore } from '../storage';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, archiveName, FILE_PREFIX, tableEntry, type Manifest } from './archive-format';
import { fileChecksum, packArchive } from './archive-pack';
import { dumpTables } from './table-dump';

export interface BackupSource {
  db: Db;
  kind: 'pglite' | 'postgres';
  store: FileStore;
  /** The release that writes it (package.json's version). */
  release: string;
}

/** What a failed copy may have left of files that were removed meanwhile. */
async function removePartial(dir: string, failed: { key: string }[]) {
  for (const { key } of failed) await fs.promises.rm(path.join(dir, key), { force: true });
}

/** Every file under `dir`, relative to it, sorted. */
async function filesUnder(dir: string): Promise<string[]> {
  if (!fs.existsSync(dir)) return [];
  const entries = await fs.promises.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * Writes a backup archive into `outDir` (issue 45) while the server runs: the tables in one
 * snapshot, then the stored files (listed after the snapshot, so every file it names is there unless
 * removed meanwhile), then the manifest with every entry's checksum. Staged in a hidden folder of
 * `outDir` and renamed into place whole: a backup cut short leaves no archive that looks complete.
 */
export async function createBackup(
  source: BackupSource,
  outDir: string,
  now = new Date(),
  { scheduled = false }: { scheduled?: boolean } = {},
): Promise<{ file: string; manifest: Manifest }> {
  const migration = await latestMigration(source.db);
  if (!migration) throw new Error('the database has no migration applied: there is nothing to back up');
  await fs.promises.mkdir(outDir, { recursive: true });
  const staging = path.join(outDir, `.partial-${randomBytes(6).toString('hex')}`);
  await fs.promises.mkdir(path.join(staging, 'data'), { recursive: true });
  try {
    const { tables, sequences } = await dumpTables(source.db, (table) => path.join(staging, tableEntry(table)));
    const copied = await copyStore(source.store, localFileStore(path.join(staging, 'files')));
    // A file removed between the listing and its copy (a report made again, a media file deleted)
    // is no longer the product's: only a file still there that could not be read fails the backup.
    const unread = [];
    for (const failure of copied.failed) if ((await source.store.size(failure.key)) !== null) unread.push(failure);
    if (unread.length > 0)
      throw new Error(
        `${unread.length} stored files could not be read, the first ${unread[0].key}: ${unread[0].error}`,
      );
    await removePartial(path.join(staging, 'files'), copied.failed);
    const entries = [
      ...Object.keys(tables).map(tableEntry),
      ...(await filesUnder(path.join(staging, 'files'))).map((key) => FILE_PREFIX + key),
    ];
    const checksums: Record<string, string> = {};
    for (const entry of entries) checksums[entry] = await fileChecksum(path.join(staging, entry));
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      release: source.release,
      migration,
      database: source.kind,
      created_at: now.toISOString(),
      tables,
      sequences,
      files: { count: copied.copied, bytes: copied.bytes },
      checksums,
    };
    await fs.promises.writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const file = path.join(outDir, archiveName(now, migration, scheduled));
    await packArchive(staging, ['manifest.json', ...entries], `${file}.partial`);
    await fs.promises.rename(`${file}.partial`, file);
    return { file, manifest };
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
    await fs.promises.rm(`${path.join(outDir, archiveName(now, migration, scheduled))}.partial`, { force: true });
  }
}
