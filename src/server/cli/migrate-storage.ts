/**
 * Moves an existing DATA_DIR's files (media and recordings, report PDFs and bundles) into the
 * configured S3-compatible bucket: `npm run storage:migrate` with the S3_* variables set, as the
 * servers will run. One way: DATA_DIR is read, never changed; a file already in the bucket with the
 * same size is skipped, so the command can run again (before the switch, then once more after the
 * last server on DATA_DIR stops) until it reports no failure. Exit code 1 when any file failed.
 */
import { loadConfig } from '../config';
import { copyStore, localFileStore, openFileStore } from '../storage';

const config = loadConfig();
if (config.storage.kind !== 's3') {
  console.error('S3_BUCKET is not set: there is no bucket to move DATA_DIR into (see README, Environment).');
  process.exit(1);
}
const verbose = process.argv.includes('--verbose');
const from = localFileStore(config.dataDir);
const to = await openFileStore(config);
const started = Date.now();
const summary = await copyStore(from, to, (key, outcome) => {
  if (verbose || outcome === 'failed') console.log(`${outcome.padEnd(7)} ${key}`);
});
const seconds = ((Date.now() - started) / 1000).toFixed(1);
const where = `${config.storage.bucket}${config.storage.prefix ? `/${config.storage.prefix}` : ''}`;
console.log(
  `${config.dataDir} -> s3://${where}: ${summary.copied} copied (${(summary.bytes / 2 ** 20).toFixed(1)} MB), ` +
    `${summary.skipped} already there, ${summary.failed.length} failed, in ${seconds} s`,
);
for (const { key, error } of summary.failed) console.error(`failed ${key}: ${error}`);
process.exitCode = summary.failed.length > 0 ? 1 : 0;
