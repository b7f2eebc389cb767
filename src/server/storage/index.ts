/** What the rest of the code base may use from this feature (lint refuses imports of its other files). */
import type { Config } from '../config';
import type { FileStore } from './file-store';
import { localFileStore } from './local-file-store';

export { assertSafeKey, type FileStore } from './file-store';
export { localFileStore } from './local-file-store';
export { copyStore, STORED_FOLDERS, type CopySummary } from './copy-store';

/**
 * The configured store: the bucket when S3_BUCKET is set, DATA_DIR otherwise. The AWS SDK is loaded
 * only for a bucket: a server on DATA_DIR does not pay for it at every start.
 */
export async function openFileStore(config: Pick<Config, 'storage' | 'dataDir'>): Promise<FileStore> {
  if (config.storage.kind !== 's3') return localFileStore(config.dataDir);
  const { s3FileStore } = await import('./s3-file-store');
  return s3FileStore(config.storage);
}
export { openedRead } from './opened-read';
export { zipStream, type ZipEntry } from './zip-stream';
