import type { Readable } from 'node:stream';
import { AppError, notFound } from '../http/app-error';

/** A stored file that is not there: ENOENT from the directory, NoSuchKey or 404 from a bucket. */
const isMissing = (error: unknown) => {
  const { code, name, $metadata } = error as { code?: string; name?: string; $metadata?: { httpStatusCode?: number } };
  return code === 'ENOENT' || name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
};

/**
 * A read of a stored file once it has begun: before a route sends its headers, so that a file that
 * is not there is a 404 and a store that cannot be reached (the bucket down) is a 503 with
 * Retry-After in the product's shape, never a 500 halfway through an answer.
 */
export function openedRead(stream: Readable): Promise<Readable> {
  return new Promise((resolve, reject) => {
    const settle = () => {
      stream.off('readable', ready);
      stream.off('end', ready);
      stream.off('error', failed);
    };
    const ready = () => {
      settle();
      resolve(stream);
    };
    const failed = (error: unknown) => {
      settle();
      stream.destroy();
      reject(
        isMissing(error)
          ? notFound()
          : new AppError(503, 'errors.service_unavailable', undefined, undefined, { 'retry-after': '5' }),
      );
    };
    stream.once('readable', ready);
    stream.once('end', ready);
    stream.once('error', failed);
  });
}
