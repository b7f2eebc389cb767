import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';

/** Ends a helper process a test started (SIGTERM, then waits for it) and removes its working folder. */
export async function endChild(child: ChildProcess, dir: string): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const ended = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await ended;
  }
  fs.rmSync(dir, { recursive: true, force: true });
}
