/** The question file reader's thread (read in the pool of untrusted/read-pool.ts, never on the event loop). */
import { readerThread } from '../untrusted/index';
import { InterchangeFileRefused } from './interchange-item';
import { readInterchangeFile } from './interchange-read';

export default readerThread(
  readInterchangeFile,
  (error) => error instanceof InterchangeFileRefused,
  'interchange.errors.unknown_format',
);
