import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/database';
import { knownMigrations, migrateTo } from '../db/migrate';
import { sql } from 'kysely';
import { copyStore, localFileStore, STORED_FOLDERS, type FileStore } from '../storage';
import { ARCHIVE_VERSION, manifestSchema, tableEntry, type Manifest } from './archive-format';
import { DamagedArchive, unpackArchive } from './archive-pack';
import { appTables, loadTables } from './table-dump';

/** A restore that cannot go ahead, with what to do about it; nothing was changed. */
export class RestoreRefused extends Error {}

/** A restore that failed part way; the target was emptied again (its message says why it failed). */
export class RestoreFailed extends Error {}

/**
 * Empties a target a restore failed into, as it was before: the schema the migrations built dropped
 * and made again as PostgreSQL makes it (owned by the database's owner, usable by everyone), and the
 * files it copied removed.
 */
async function emptyAgain(target: RestoreTarget): Promise<void> {
  await sql`drop schema public cascade`.execute(target.db);
  await sql`create schema public`.execute(target.db);
  await sql`alter schema public owner to pg_database_owner`.execute(target.db);
  await sql`grant usage on schema public to public`.execute(target.db);
  for (const folder of STORED_FOLDERS)
    for await (const { key } of target.store.list(folder)) await target.store.remove(key);
}

/** Unpacked bytes allowed per byte of archive, and on top: JSON lines of a database pack about 10 to 30 times. */
const INFLATION = 100;
const INFLATION_SLACK = 100 * 1024 * 1024;

/**
 * Unpacks and checks an archive into `dir` (an empty folder): a readable manifest of this format,
 * made by this release or an earlier one (its migration is one this release knows), and every entry
 * present with its checksum and nothing else. Refused otherwise, before anything is restored.
 */
export async function readBackup(archive: string, dir: string): Promise<Manifest> {
  const size = (await fs.promises.stat(archive)).size;
  let sums: Map<string, string>;
  try {
    sums = await unpackArchive(archive, dir, size * INFLATION + INFLATION_SLACK);
  } catch (error) {
    if (error instanceof DamagedArchive) throw new RestoreRefused(`The archive is damaged: ${error.message}.`);
    throw error;
  }
  if (!sums.has('manifest.json')) throw new RestoreRefused('The archive is damaged: it has no manifest.json.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(await fs.promises.readFile(path.join(dir, 'manifest.json'), 'utf8'));
  } catch {
    throw new RestoreRefused('The archive is damaged: its manifest.json is not JSON.');
  }
  const version = (parsed as { version?: unknown })?.version;
  if (typeof version === 'number' && version > ARCHIVE_VERSION)
    throw new RestoreRefused(
      `The archive was written by a newer release (archive format ${version}; this release reads ${ARCHIVE_VERSION}). Restore it with that release or a later one.`,
    );
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) throw new RestoreRefused('The archive is damaged: its manifest.json is not a backup manifest.');
  const manifest = result.data;
  const known = await knownMigrations();
  if (!known.includes(manifest.migration))
    throw new RestoreRefused(
      `The archive was made by a newer release (release ${manifest.release}, migration ${manifest.migration}); this release knows migrations up to ${known.at(-1)}. Restore it with that release or a later one.`,
    );
  for (const [entry, sum] of Object.entries(manifest.checksums)) {
    const found = sums.get(entry);
    if (!found) throw new RestoreRefused(`The archive is damaged: ${entry} is missing.`);
    if (found !== sum) throw new RestoreRefused(`The archive is damaged: ${entry} does not match its checksum.`);
  }
  for (const entry of sums.keys())
    if (entry !== 'manifest.json' && !(entry in manifest.checksums))
      throw new RestoreRefused(`The archive is damaged: ${entry} is not in its manifest.`);
  for (const table of Object.keys(manifest.tables))
    if (!sums.has(tableEntry(table)))
      throw new RestoreRefused(`The archive is damaged: ${tableEntry(table)} is missing.`);
  return manifest;
}

export interface RestoreTarget {
  db: Db;
  store: FileStore;
}

/** Whether the store holds any file the product writes. */
async function storeHoldsFiles(store: FileStore): Promise<boolean> {
  for (const folder of STORED_FOLDERS) for await (const _file of store.list(folder)) return true;
  return false;
}

/**
 * Restores an archive into an empty database and an empty file store (issue 45), of either kind
 * whatever kind made it (a school on PGlite that grows into PostgreSQL restores its archive there):
 * checked whole first (`readBackup`), then the schema built by this release's migrations up to the
 * archive's, the rows loaded and counted against the manifest, and the files copied; if any of it
 * fails, the target is emptied again (`RestoreFailed`) so that the restore can run again. The next start
 * migrates it to this release's latest. `workDir` is an empty folder it may use, removed after.
 */
export async function restoreBackup(target: RestoreTarget, archive: string, workDir: string): Promise<Manifest> {
  await fs.promises.mkdir(workDir, { recursive: true });
  try {
    const manifest = await readBackup(archive, workDir);
    if ((await appTables(target.db)).length > 0)
      throw new RestoreRefused('The database is not empty: restore into a new database or an empty data folder.');
    if (await storeHoldsFiles(target.store))
      throw new RestoreRefused('The file store is not empty: restore into an empty data folder or bucket.');
    try {
      await migrateTo(target.db, manifest.migration);
      await loadTables(target.db, manifest, (table) => path.join(workDir, tableEntry(table)));
      const copied = await copyStore(localFileStore(path.join(workDir, 'files')), target.store);
      if (copied.failed.length > 0 || copied.copied !== manifest.files.count)
        throw new Error(`${copied.copied} files of ${manifest.files.count} restored`);
    } catch (error) {
      // All or nothing: the target was empty, and is emptied again so the restore can run again.
      await emptyAgain(target);
      throw new RestoreFailed(
        `The restore failed and the target was emptied again: ${(error as Error).message}. Nothing was kept; run it again once the cause is mended.`,
        { cause: error },
      );
    }
    return manifest;
  } finally {
    await fs.promises.rm(workDir, { recursive: true, force: true });
  }
}
