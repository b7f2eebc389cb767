import { readApart, ReadLimitCrossed, ReadRefused } from '../untrusted/index';
import { InterchangeFileRefused, type InterchangeFile } from './interchange-item';

const THREAD = new URL('./interchange-read-thread.ts', import.meta.url);

/**
 * Reads a question file on a thread of the shared reading pool (interchange-read.ts by its
 * content), with that pool's memory and time limits: whatever it refuses, and a file over either
 * limit, is an `InterchangeFileRefused`.
 */
export async function readInterchangeApart(bytes: Uint8Array): Promise<InterchangeFile> {
  try {
    return (await readApart(THREAD, bytes)) as InterchangeFile;
  } catch (error) {
    if (error instanceof ReadRefused) throw new InterchangeFileRefused(error.reason, error.params);
    if (error instanceof ReadLimitCrossed)
      throw new InterchangeFileRefused(`interchange.errors.read_${error.limit === 'memory' ? 'memory' : 'time'}`, {
        max: error.value,
      });
    throw error;
  }
}
