import type { ColumnType, Generated } from 'kysely';

type Json = ColumnType<unknown, string | undefined, string>;

/** An uploaded roster, its dry run and its import job (migration 0019). */
export interface RosterImportsTable {
  id: Generated<number>;
  user_id: number | null;
  file_name: string;
  format: string;
  encoding: string | null;
  language: string;
  /** dry_run, queued, running, done, failed. */
  status: string;
  file: Buffer | Uint8Array | null;
  /** The importer's schools when the file came (null: every school). */
  school_ids: Json;
  /** Whether the import makes the classes its file names that the schools lack (migration 0031). */
  create_classes: Generated<boolean>;
  summary: Json;
  rows: Json;
  progress: Generated<number>;
  total: Generated<number>;
  error: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface RosterTables {
  roster_imports: RosterImportsTable;
}

/** An uploaded question file (QTI, Moodle XML, GIFT, XLSX), its dry run and its import job (migration 0021). */
export interface QuestionImportsTable {
  id: Generated<number>;
  user_id: number | null;
  platform_id: number;
  file_name: string;
  format: string;
  language: string;
  /** dry_run, queued, running, done, failed, refused. */
  status: string;
  file: Buffer | Uint8Array | null;
  /** Default lookups and whether unmatched lookup names are created. */
  options: Json;
  summary: Json;
  items: Json;
  /** The questions the import created, in the file's order. */
  created_ids: Json;
  error: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface ImportTables {
  question_imports: QuestionImportsTable;
}
