/** What the rest of the code base may use from this feature (lint refuses imports of its other files). */
import type { Config } from '../config';
import type { FileStore } from './file-store';
import { localFileStore } from './local-file-store';
import { s3FileStore } from './s3-file-store';

export type { FileStore } from './file-store';
export { localFileStore } from './local-file-store';
export { s3Client, s3FileStore } from './s3-file-store';
export { copyStore, type CopySummary } from './copy-store';

/** The configured store: the bucket when S3_BUCKET is set, DATA_DIR otherwise. */
export function openFileStore(config: Pick<Config, 'storage' | 'dataDir'>): FileStore {
  return config.storage.kind === 's3' ? s3FileStore(config.storage) : localFileStore(config.dataDir);
}
