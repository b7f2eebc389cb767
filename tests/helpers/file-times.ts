import fs from 'node:fs';
import path from 'node:path';

/**
 * Each test file's measured time (ms), by `project:path`: the sequencer starts the longest first,
 * so that two workers end together; the reporter prints the times of the run and, with
 * `FILE_TIMES_WRITE=1`, records them here.
 */
export const FILE_TIMES = path.resolve(import.meta.dirname, '../file-times.json');

export type FileTimes = Record<string, number>;

export function readFileTimes(): FileTimes {
  try {
    return JSON.parse(fs.readFileSync(FILE_TIMES, 'utf8')) as FileTimes;
  } catch {
    return {};
  }
}

export const fileTimeKey = (project: string, root: string, file: string) => `${project}:${path.relative(root, file)}`;

/** Merges a run's times into the record, sorted by key so that a diff shows what moved. */
export function writeFileTimes(times: FileTimes): void {
  const merged = { ...readFileTimes(), ...times };
  const sorted = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(FILE_TIMES, `${JSON.stringify(sorted, null, 2)}\n`);
}
