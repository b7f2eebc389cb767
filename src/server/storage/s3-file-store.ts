import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { StorageConfig } from '../config';
import { assertSafeKey, type FileStore } from './file-store';

type S3Config = Extract<StorageConfig, { kind: 's3' }>;

/** Parts of a streamed upload: 8 MB each, two in flight, so an upload holds at most about 16 MB. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible stores refuse the SDK's newer default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isMissing = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
};

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2...), shared by every application
 * server. Uploads stream in parts; reads stream from the bucket through the server.
 */
export function s3FileStore(config: S3Config, client: S3Client = s3Client(config)): FileStore {
  const Bucket = config.bucket;
  const full = (key: string) => (config.prefix ? `${config.prefix}/${assertSafeKey(key)}` : assertSafeKey(key));
  const own = (key: string) => (config.prefix ? key.slice(config.prefix.length + 1) : key);
  return {
    kind: 's3',
    async write(key, source, options = {}) {
      // A stream that fails before the upload reads it (a limit passed) must not go unheard: the
      // upload still sees its error, as the stream keeps it.
      if (source instanceof Readable) source.on('error', () => undefined);
      // One PUT for a small body; a multipart upload otherwise, aborted (nothing kept) when the source fails.
      const upload = new Upload({
        client,
        params: {
          Bucket,
          Key: full(key),
          Body: source,
          ContentType: options.contentType ?? 'application/octet-stream',
        },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      await upload.done();
    },
    read(key) {
      const out = new PassThrough();
      client.send(new GetObjectCommand({ Bucket, Key: full(key) })).then(
        // A reader that goes away ends the pipeline, which closes the bucket's response with it.
        ({ Body }) => pipeline(Body as Readable, out).catch(() => undefined),
        (error: Error) => out.destroy(error),
      );
      return out;
    },
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: full(key) }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: full(key) }));
    },
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: config.prefix ? `${config.prefix}/${prefix}` : prefix,
            ContinuationToken,
          }),
        );
        for (const object of page.Contents ?? [])
          if (object.Key) yield { key: own(object.Key), size: object.Size ?? 0 };
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
