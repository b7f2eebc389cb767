import { z } from 'zod';

/**
 * A backup archive (issue 45): one `.tar.gz` holding `manifest.json` first, then each table of the
 * database as JSON lines (`data/<table>.jsonl`, one row per line as PostgreSQL's `row_to_json`
 * writes it, so numbers, dates and bytes keep their exact text), then the stored files
 * (`files/media/...`, `files/reports/...`). The manifest says what made it (release and migration),
 * what it holds (rows per table, files and bytes) and each entry's SHA-256, so a restore refuses
 * a damaged or newer archive before it touches anything.
 */
export const ARCHIVE_FORMAT = 'ltm-backup';
export const ARCHIVE_VERSION = 1;

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.number().int().positive(),
  release: z.string(),
  migration: z.string(),
  database: z.enum(['pglite', 'postgres']),
  created_at: z.string(),
  tables: z.record(z.string(), z.number().int().nonnegative()),
  /** Each sequence's last value in the snapshot (archives before it was recorded have none). */
  sequences: z.record(z.string().regex(/^[a-z_][a-z0-9_]*$/), z.string().regex(/^-?\d+$/)).optional(),
  files: z.object({ count: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
  /** SHA-256 (hex) of every entry but the manifest, by its name in the archive. */
  checksums: z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/)),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** A table's entry. Table names are the database's own (letters, digits and `_`). */
export const tableEntry = (table: string) => `data/${table}.jsonl`;
export const TABLE_ENTRY = /^data\/([a-z_][a-z0-9_]*)\.jsonl$/;
/** A stored file's entry: `files/` and its key in the store. */
export const FILE_PREFIX = 'files/';

/** The archive's file name: when it was made (UTC, no colons) and the migration it holds. */
export const archiveName = (createdAt: Date, migration: string, scheduled = false) =>
  `ltm-backup-${scheduled ? 'scheduled-' : ''}${createdAt.toISOString().replace(/[:.]/g, '-')}-${migration}.tar.gz`;
/** A scheduled archive's name, read back: its day, hours, minutes, seconds and milliseconds (UTC). */
export const SCHEDULED_ARCHIVE_NAME =
  /^ltm-backup-scheduled-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z-[0-9a-z_]+\.tar\.gz$/;
