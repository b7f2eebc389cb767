/** The roster reader's thread (read in the pool of untrusted/read-pool.ts, never on the event loop). */
import { readerThread } from '../untrusted/index';
import { RosterFileRefused } from './roster-file';
import { readRosterFile } from './roster-read';

export default readerThread(readRosterFile, (error) => error instanceof RosterFileRefused, 'file_refused');
