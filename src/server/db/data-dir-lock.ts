import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded database is one process's (PGlite has no lock of its own): a second process opening
 * the same data folder, a command beside a running server say, would corrupt it. Whoever opens it
 * takes `pglite.lock` in the data folder (its process id, created exclusively); a lock whose process
 * has ended is taken over. Within one process the lock is counted, not taken twice.
 */
export class DataDirInUse extends Error {}

const held = new Map<string, number>();

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the data folder's lock (or throws `DataDirInUse` naming the process that holds it); the release. */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'pglite.lock');
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    const count = (held.get(file) ?? 1) - 1;
    if (count > 0) return void held.set(file, count);
    held.delete(file);
    try {
      if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
  if (held.has(file)) {
    held.set(file, held.get(file)! + 1);
    return release;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      held.set(file, 1);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const holder = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && alive(holder))
        throw new DataDirInUse(
          `The embedded database in ${dataDir} is in use by process ${holder} (a running server?): stop it first, or use another DATA_DIR.`,
        );
      // Left by a process that ended: taken over.
      fs.rmSync(file, { force: true });
    }
  }
}
