/** What the rest of the code base may use for untrusted files (lint refuses imports of its other files). */
export {
  DEFAULT_READ_LIMITS,
  readApart,
  ReadLimitCrossed,
  ReadRefused,
  setReadLimits,
  type ReadLimits,
} from './read-pool';
export { readerThread } from './reader-thread';
export { safeUnzip, UnsafeArchive, type UnzipLimits } from './safe-unzip';
export { columnName, SheetLimitCrossed, SheetScan, type SheetLimits } from './sheet-scan';
