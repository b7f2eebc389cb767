/** Backups and restores (issue 45): what the rest of the code base may use. */
export { archiveName, type Manifest } from './archive-format';
export { createBackup, type BackupSource } from './create-backup';
export { readBackup, restoreBackup, RestoreFailed, RestoreRefused, type RestoreTarget } from './restore-backup';
export { releaseVersion } from './release';
export { backupBeforeMigrating } from './before-migrating';
export { archivesIn, defineBackupJobs, examsUnderWay, scheduledBackup } from './scheduled-backups';
