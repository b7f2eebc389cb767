import { readApart, ReadLimitCrossed, ReadRefused } from '../untrusted/index';
import { RosterFileRefused, type RosterFile } from './roster-file';

const THREAD = new URL('./roster-read-thread.ts', import.meta.url);

/**
 * Reads an uploaded roster on a thread of the shared reading pool (roster-read.ts by its content),
 * with that pool's memory and time limits: whatever it refuses, and a file over either limit, is a
 * `RosterFileRefused`.
 */
export async function readRosterApart(bytes: Uint8Array): Promise<RosterFile> {
  try {
    return (await readApart(THREAD, bytes)) as RosterFile;
  } catch (error) {
    if (error instanceof ReadRefused) throw new RosterFileRefused(error.reason, error.params);
    if (error instanceof ReadLimitCrossed)
      throw new RosterFileRefused(error.limit === 'memory' ? 'read_memory' : 'read_time', { max: error.value });
    throw error;
  }
}
