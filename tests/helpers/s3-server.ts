import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StorageConfig } from '../../src/server/config';
import { endChild, recordChild } from './child-process';

/**
 * An S3-compatible server in a separate process: s3rver (npm), which speaks S3's HTTP protocol from
 * a local directory. Tests reach it over HTTP with the real AWS SDK, as production reaches AWS S3,
 * MinIO or R2. s3rver is a test double of the protocol only: never a production store.
 */
export interface S3Server {
  endpoint: string;
  bucket: string;
  /** The storage configuration of an app that keeps its files in this server's bucket. */
  storage(prefix?: string): Extract<StorageConfig, { kind: 's3' }>;
  stop(): Promise<void>;
}

export async function startS3Server(bucket = 'ltm-test'): Promise<S3Server> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [
      path.resolve('node_modules/s3rver/bin/s3rver.js'),
      '-d',
      dir,
      '-a',
      '127.0.0.1',
      '-p',
      '0',
      '--no-vhost-buckets',
      '--configure-bucket',
      bucket,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  recordChild(child);
  const stopChild = () => endChild(child, dir);
  const started = new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`s3rver did not start: ${output}`)), 15_000);
    const read = (chunk: Buffer) => {
      output += String(chunk);
      const found = /listening on [\d.]+:(\d+)/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`s3rver ended (${code}): ${output}`)));
  });
  const port = await started.catch(async (error: Error) => {
    await stopChild();
    throw error;
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    storage: (prefix = '') => ({
      kind: 's3',
      bucket,
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
      prefix,
    }),
    stop: stopChild,
  };
}
