import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SCHEDULED_ARCHIVE_NAME } from './archive-format';
import { createBackup, type BackupSource } from './create-backup';
import { releaseVersion } from './release';
import type { Db } from '../db/database';

export const BACKUP_QUEUE = 'scheduled-backup';

/**
 * The scheduled archives in `dir`, newest first, with the time each was made (an archive written by
 * `npm run backup` or before a migration is never counted, nor removed).
 */
export async function archivesIn(dir: string): Promise<{ file: string; at: Date }[]> {
  const names = fs.existsSync(dir) ? await fs.promises.readdir(dir) : [];
  return names
    .flatMap((name) => {
      const match = SCHEDULED_ARCHIVE_NAME.exec(name);
      if (!match) return [];
      const [, day, hours, minutes, seconds, millis] = match;
      return [{ file: path.join(dir, name), at: new Date(`${day}T${hours}:${minutes}:${seconds}.${millis}Z`) }];
    })
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}

/**
 * One turn of the schedule (issue 45): a backup when the newest archive in `dir` is `everyHours`
 * old (or there is none), then only the `keep` newest archives kept. The archive that was just
 * written is never removed. Answers the archive written, or null when none was due.
 */
export async function scheduledBackup(
  source: BackupSource,
  dir: string,
  schedule: { everyHours: number; keep: number },
  now: Date,
): Promise<string | null> {
  const [newest] = await archivesIn(dir);
  // A few minutes' slack: the hourly check that comes just short of the period still takes it.
  if (newest && now.getTime() - newest.at.getTime() < schedule.everyHours * 3_600_000 - 5 * 60_000) return null;
  const { file } = await createBackup(source, dir, now, { scheduled: true });
  for (const old of (await archivesIn(dir)).slice(Math.max(1, schedule.keep)))
    if (old.file !== file) await fs.promises.rm(old.file, { force: true });
  return file;
}

/** Whether any attempt is running before its deadline. */
export async function examsUnderWay(db: Db, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('exam_attempts')
    .select('id')
    .where('status', '=', 'in_progress')
    .where('deadline_at', '>', now)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Scheduled backups by the job queue, checked every hour (once across every server process), when
 * the settings ask for them (BACKUP_EVERY_HOURS; on by default on the embedded database, whose
 * snapshot is read in this process and holds its one connection: deferred to a later hour while an
 * attempt is running).
 */
export function defineBackupJobs(app: FastifyInstance, kind: BackupSource['kind']): void {
  const schedule = app.config.scheduledBackups;
  if (schedule.everyHours <= 0) return;
  app.jobs.define(
    BACKUP_QUEUE,
    async () => {
      // The embedded database's snapshot holds its one connection: not while students sit an exam.
      if (kind === 'pglite' && (await examsUnderWay(app.db, app.clock.now()))) {
        app.log.info('scheduled backup deferred: students are sitting an exam');
        return;
      }
      const source = { db: app.db, kind, store: app.fileStore, release: releaseVersion() };
      const file = await scheduledBackup(source, app.config.backupDir, schedule, app.clock.now());
      if (file) app.log.info({ file }, 'scheduled backup written');
    },
    { every: '0 * * * *' },
  );
}
