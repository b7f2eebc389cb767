import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { recordProcess } from './recorded-processes';

/**
 * Records a helper process a test started (recorded-processes.ts) until it exits: CI stops it by
 * its id if the test dies first.
 */
export function recordChild(child: ChildProcess): void {
  const forget = recordProcess(child.pid);
  child.once('exit', forget);
}

/** Ends a helper process a test started (SIGTERM, then waits for it) and removes its working folder. */
export async function endChild(child: ChildProcess, dir: string): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const ended = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await ended;
  }
  fs.rmSync(dir, { recursive: true, force: true });
}
