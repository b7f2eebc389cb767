import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { archivesIn, createBackup, examsUnderWay, scheduledBackup } from '../../../src/server/backup';
import { ConfigError, loadConfig } from '../../../src/server/config';
import { localFileStore } from '../../../src/server/storage';
import { createTestApp, type TestContext } from '../../helpers/test-app';
import { buildExamDayScene } from '../../helpers/exam-day-scene';
import { ManualClock } from '../../../src/server/clock';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';

/**
 * Scheduled backups (issue 45): on by default on the embedded database (every 24 hours, 7 kept),
 * off on PostgreSQL unless set; each hourly turn writes an archive once the newest is old enough and
 * keeps only the newest few.
 */
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
let t: TestContext;
let dir: string;
beforeAll(async () => {
  t = await createTestApp({}, clock);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ltm-scheduled-'));
}, 60_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('scheduled backups', () => {
  it('are on by default on the embedded database only, and a setting turns them on or off', () => {
    expect(loadConfig({}).scheduledBackups).toEqual({ everyHours: 24, keep: 7 });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/ltm' }).scheduledBackups.everyHours).toBe(0);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/ltm', BACKUP_EVERY_HOURS: '6' }).scheduledBackups.everyHours).toBe(
      6,
    );
    expect(loadConfig({ BACKUP_EVERY_HOURS: '0', BACKUP_KEEP: '2' }).scheduledBackups).toEqual({
      everyHours: 0,
      keep: 2,
    });
    expect(loadConfig({ DATA_DIR: '/srv/ltm' }).backupDir).toBe('/srv/ltm/backups');
    for (const [name, value] of [
      ['BACKUP_EVERY_HOURS', 'off'],
      ['BACKUP_EVERY_HOURS', '-1'],
      ['BACKUP_EVERY_HOURS', '6h'],
      ['BACKUP_KEEP', '0'],
    ])
      expect(() => loadConfig({ [name]: value })).toThrow(
        new ConfigError(
          `${name} must be a whole number of at least ${name === 'BACKUP_KEEP' ? 1 : 0}, not "${value}".`,
        ),
      );
  });

  it('write an archive when the newest is old enough, and keep only the newest', async () => {
    const source = {
      db: t.db,
      kind: inject('dbTemplate').kind,
      store: localFileStore(path.join(dir, 'files')),
      release: '0.1.0',
    } as const;
    const schedule = { everyHours: 6, keep: 2 };
    const at = (hours: number) => new Date(Date.UTC(2026, 5, 5, 9) + hours * 3_600_000);
    const first = await scheduledBackup(source, dir, schedule, at(0));
    expect(first).not.toBeNull();
    expect(await scheduledBackup(source, dir, schedule, at(1))).toBeNull();
    // The hourly check a few minutes short of six hours still takes it.
    const second = await scheduledBackup(source, dir, schedule, new Date(at(6).getTime() - 60_000));
    expect(second).not.toBeNull();
    const third = await scheduledBackup(source, dir, schedule, at(12));
    expect((await archivesIn(dir)).map((a) => a.file)).toEqual([third, second]);
    expect(fs.existsSync(first!)).toBe(false);
    // Other files in the folder, an archive of `npm run backup` among them, are neither counted nor removed.
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'kept');
    const manual = await createBackup(source, dir, at(17));
    await scheduledBackup(source, dir, schedule, at(18));
    expect(fs.readdirSync(dir).filter((name) => name.startsWith('ltm-backup-scheduled-'))).toHaveLength(2);
    expect(fs.existsSync(path.join(dir, 'notes.txt'))).toBe(true);
    expect(fs.existsSync(manual.file)).toBe(true);
  });

  it('wait while an attempt runs before its deadline on the embedded database', async () => {
    expect(await examsUnderWay(t.db, clock.now())).toBe(false);
    const s = await buildExamDayScene(t, await loadSchemaRegistry());
    expect((await s.student(0).as('POST', '/start')).statusCode).toBe(200);
    expect(await examsUnderWay(t.db, clock.now())).toBe(true);
    // Past every deadline: nothing is under way any more, whatever the attempt's status says.
    expect(await examsUnderWay(t.db, new Date('2026-07-01T00:00:00Z'))).toBe(false);
  });
});
