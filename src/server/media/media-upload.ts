import { randomBytes } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError, invalid } from '../http/app-error';
import type { MediaStorage } from './media-storage';
import { detectMedia, SIZE_LIMITS, type MediaType } from './media-types';

/** Bytes read before the type is decided: enough for every accepted type's signature. */
const SNIFF_BYTES = 64 * 1024;

/** An upload stored under a temporary name, not yet recorded. */
export interface ReceivedFile {
  /** The stored name (random, with the type's extension). */
  fileName: string;
  /** The user's name for it, as sent (cleaned before it is kept). */
  name: string;
  type: MediaType;
  size: number;
}

export interface ReceivedUpload {
  label?: string;
  file?: ReceivedFile;
  /** A file part with no bytes. */
  emptyFile: boolean;
}

class TooLarge extends Error {}

/** Passes bytes on until there are more than `limit`, then fails. */
function limitBytes(limit: number, counted: { size: number }) {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counted.size += chunk.length;
      if (counted.size > limit) done(new TooLarge());
      else done(null, chunk);
    },
  });
}

/**
 * Reads a multipart upload (`label`, `file`) and streams the file to storage as it arrives: its
 * type is decided from its first bytes (file-type; never its name or declared type), its kind's
 * size limit is enforced while it streams, and a refused or broken file leaves nothing stored.
 * `checkLabel` runs as soon as the label is known (before the file when the form sends it first),
 * so a refused upload need not be stored at all. A malformed body is 400, never a 500.
 */
export async function receiveUpload(
  request: FastifyRequest,
  storage: MediaStorage,
  checkLabel: (label: string) => Promise<void>,
): Promise<ReceivedUpload> {
  const received: ReceivedUpload = { emptyFile: false };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'label') {
          received.label = String(part.value).trim();
          await checkLabel(received.label);
        }
        continue;
      }
      if (received.file) await removeQuietly(storage, received.file.fileName);
      received.file = undefined;
      const file = await storeFile(part.file, part.filename, storage);
      if (!file) received.emptyFile = true;
      else if (part.file.truncated) {
        await removeQuietly(storage, file.fileName);
        throw invalid({ file: ['media.too_large'] });
      } else received.file = file;
    }
    return received;
  } catch (error) {
    if (received.file) await removeQuietly(storage, received.file.fileName);
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (error instanceof TooLarge || code === 'FST_REQ_FILE_TOO_LARGE') throw invalid({ file: ['media.too_large'] });
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw invalid({ file: ['media.too_many_parts'] });
    throw new AppError(400, 'media.malformed_upload', undefined, { file: ['media.malformed_upload'] });
  }
}

/** Streams one file part to storage; undefined for an empty part. */
async function storeFile(stream: Readable, name: string, storage: MediaStorage): Promise<ReceivedFile | undefined> {
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headBytes += next.value.length;
  }
  if (headBytes === 0) return undefined;
  const start = Buffer.concat(head);
  const type = await detectMedia(start);
  if (!type) {
    stream.resume();
    throw invalid({ file: ['media.type_not_allowed'] });
  }
  const rest = async function* () {
    yield start;
    if (ended) return;
    for (;;) {
      const next = await chunks.next();
      if (next.done) return;
      yield next.value;
    }
  };
  const fileName = `${randomBytes(16).toString('hex')}.${type.ext}`;
  const counted = { size: 0 };
  const source = Readable.from(rest());
  const limited = limitBytes(SIZE_LIMITS[type.kind], counted);
  // The client going away fails the part's stream: the store fails with it (and keeps nothing).
  source.on('error', (error) => limited.destroy(error));
  try {
    await storage.write(fileName, source.pipe(limited));
  } catch (error) {
    // Refused mid-way: the rest of the part is read and dropped, so the form's end still arrives.
    source.destroy();
    stream.resume();
    throw error;
  }
  return { fileName, name, type, size: counted.size };
}

async function removeQuietly(storage: MediaStorage, fileName: string) {
  try {
    await storage.remove(fileName);
  } catch {
    // Nothing more can be done here; a stray file is named by nothing.
  }
}
