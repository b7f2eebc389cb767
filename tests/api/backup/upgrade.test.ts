import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backupBeforeMigrating, restoreBackup, type Manifest } from '../../../src/server/backup';
import { loadConfig } from '../../../src/server/config';
import type { DatabaseHandle } from '../../../src/server/db/database';
import { knownMigrations, latestMigration } from '../../../src/server/db/migrate';
import { prepareDatabase } from '../../../src/server/setup/prepare';
import { localFileStore } from '../../../src/server/storage';
import { call } from '../../helpers/api-client';
import { appOn, emptyTarget } from '../../helpers/backup-targets';
import { signIn } from '../../helpers/factories';

/**
 * Upgrades that lose nothing (issue 45): `tests/fixtures/upgrade/previous-release.tar.gz` holds a
 * database made by the previous release (migration 0040: its own demo data, and a row in every
 * table the demo leaves empty, with bytes, a 64-bit integer, JSON and Arabic text), restored here
 * into this run's database kind. This release's start then says what it will migrate, backs the
 * embedded database up, migrates it, and every row is still there, as it was, and read by the server.
 */
const FIXTURE = path.resolve('tests/fixtures/upgrade/previous-release.tar.gz');
const kind = inject('dbTemplate').kind;
let work: string;
let target: { handle: DatabaseHandle; dispose: () => Promise<void> };
let manifest: Manifest;
let filesDir: string;
const said: string[] = [];
/** Rows read before the upgrade, compared after it on the columns they had. */
const before: Record<string, Record<string, unknown>[]> = {};
const SAMPLES = {
  users: 'select * from users order by id limit 20',
  exams: 'select * from exams order by id',
  attempt_answers: 'select * from attempt_answers order by attempt_id, question_id limit 50',
  question_imports: 'select id, file, summary, items from question_imports order by id',
  media_upload_reservations: 'select id, bytes::text as bytes from media_upload_reservations order by id',
  adaptive_steps: 'select attempt_id, position, ability, created_at from adaptive_steps order by attempt_id, position',
  audit_log: 'select * from audit_log order by id limit 50',
};

const rowsOf = async (sqlText: string) => (await target.handle.executeSql(sqlText)).rows as Record<string, unknown>[];

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'ltm-upgrade-'));
  target = await emptyTarget(kind, work);
  filesDir = path.join(work, 'data');
  manifest = await restoreBackup(
    { db: target.handle.db, store: localFileStore(filesDir) },
    FIXTURE,
    path.join(work, 'unpack'),
  );
  for (const [name, query] of Object.entries(SAMPLES)) before[name] = await rowsOf(query);
  const config = loadConfig({ DATA_DIR: filesDir, BACKUP_DIR: path.join(work, 'backups') });
  await prepareDatabase(target.handle.db, {
    beforeMigrating: backupBeforeMigrating(config, target.handle, (line) => said.push(line)),
  });
}, 120_000);
afterAll(async () => {
  await target.dispose();
  fs.rmSync(work, { recursive: true, force: true });
});

describe("an upgrade from the previous release's database", () => {
  it('says what it migrates, backs the embedded database up first, and reaches this release', async () => {
    expect(manifest.migration).toBe('0040_adaptive_content');
    const known = await knownMigrations();
    const pending = known.slice(known.indexOf('0040_adaptive_content') + 1);
    expect(pending.length).toBeGreaterThan(0);
    expect(said[0]).toBe(
      `The database is at migration 0040_adaptive_content; this release applies ${pending.length}: ${pending.join(', ')}.`,
    );
    expect(await latestMigration(target.handle.db)).toBe(known.at(-1));
    if (kind === 'pglite') {
      const [archive] = fs.readdirSync(path.join(work, 'backups'));
      expect(said[1]).toBe(`Backup taken before migrating: ${path.join(work, 'backups', archive)}`);
      expect(archive).toMatch(/^ltm-backup-\d{4}-.*-0040_adaptive_content\.tar\.gz$/);
    } else expect(said[1]).toMatch(/^Back PostgreSQL up before an upgrade/);
  });

  it('keeps every row of every table, and the sampled rows as they were', async () => {
    expect(Object.values(manifest.tables).every((count) => count > 0)).toBe(true);
    // The start's sync of roles and permissions adds the areas this release brings (never removes).
    const grown = new Set(['permissions', 'role_permissions']);
    for (const [table, count] of Object.entries(manifest.tables)) {
      const [{ n }] = (await rowsOf(`select count(*)::int as n from ${table}`)) as { n: number }[];
      if (grown.has(table)) expect(Number(n), table).toBeGreaterThanOrEqual(count);
      else expect(Number(n), table).toBe(count);
    }
    for (const [name, query] of Object.entries(SAMPLES)) {
      const after = await rowsOf(query);
      expect(after.length, name).toBe(before[name].length);
      after.forEach((row, i) => {
        const old = before[name][i];
        expect(Object.fromEntries(Object.keys(old).map((key) => [key, row[key]])), name).toEqual(old);
      });
    }
    // Every sequence goes on from where the previous release left it (students' numbers: no N1
    // again); the start's sync of roles and permissions may have moved some further.
    for (const [name, value] of Object.entries(manifest.sequences!)) {
      const [{ v }] = (await rowsOf(`select last_value::text as v from ${name}`)) as { v: string }[];
      expect(Number(v), name).toBeGreaterThanOrEqual(Number(value));
    }
    expect(Number(manifest.sequences!.students_number_seq)).toBeGreaterThan(1);
    // Exact values of every kind through the archive and the upgrade.
    const [imported] = before.question_imports;
    expect(Buffer.from(imported.file as Uint8Array).toString('hex')).toBe('00ff10e29c93');
    expect(before.media_upload_reservations[0].bytes).toBe('9007199254740993');
    expect(before.adaptive_steps[0].ability).toBe(0.123456789012345);
  });

  it("is read by this release's server: the demo's staff and student sign in and see their data", async () => {
    const app = await appOn(target.handle, filesDir);
    try {
      const admin = await signIn(app, { email: 'admin@example.com', password: 'Demo@2026' });
      const exams = await call(app, 'GET', '/api/exams?per_page=100', undefined, { cookie: admin });
      expect(exams.statusCode, exams.body).toBe(200);
      expect(exams.json().meta.total).toBe(manifest.tables.exams);
      const student = await signIn(app, { email: 'student@example.com', password: 'Demo@2026' });
      const own = await call(app, 'GET', '/api/student/exams', undefined, { cookie: student });
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json().data.length).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});
