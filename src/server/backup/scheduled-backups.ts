import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ARCHIVE_NAME } from './archive-format';
import { createBackup, type BackupSource } from './create-backup';
import { releaseVersion } from './release';

export const BACKUP_QUEUE = 'scheduled-backup';

/** The archives in `dir` (written by this product), newest first, with the time each was made. */
export async function archivesIn(dir: string): Promise<{ file: string; at: Date }[]> {
  const names = fs.existsSync(dir) ? await fs.promises.readdir(dir) : [];
  return names
    .flatMap((name) => {
      const match = ARCHIVE_NAME.exec(name);
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
  const { file } = await createBackup(source, dir, now);
  for (const old of (await archivesIn(dir)).slice(Math.max(1, schedule.keep)))
    if (old.file !== file) await fs.promises.rm(old.file, { force: true });
  return file;
}

/**
 * Scheduled backups by the job queue, checked every hour (once across every server process), when
 * the settings ask for them (BACKUP_EVERY_HOURS; on by default on the embedded database, whose
 * snapshot is read in this process: saves wait for it, none is lost).
 */
export function defineBackupJobs(app: FastifyInstance, kind: BackupSource['kind']): void {
  const schedule = app.config.scheduledBackups;
  if (schedule.everyHours <= 0) return;
  app.jobs.define(
    BACKUP_QUEUE,
    async () => {
      const source = { db: app.db, kind, store: app.fileStore, release: releaseVersion() };
      const file = await scheduledBackup(source, app.config.backupDir, schedule, app.clock.now());
      if (file) app.log.info({ file }, 'scheduled backup written');
    },
    { every: '0 * * * *' },
  );
}
