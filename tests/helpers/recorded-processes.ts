import fs from 'node:fs';
import path from 'node:path';

/**
 * Processes a test starts that must not outlive the run (a streaming replica, s3rver, haproxy, an
 * end-to-end server): with `LTM_PIDS_DIR` set (.ci/run sets it), each is recorded there as a file
 * named by its id holding `<signal> <target>` (a negative target is a process group), so that CI
 * stops exactly those a dead test left, never others by a name pattern. A process stopped as
 * usual is forgotten.
 */
export function recordProcess(
  pid: number | undefined,
  options: { signal?: 'TERM' | 'QUIT' | 'KILL'; group?: boolean } = {},
): () => void {
  const dir = process.env.LTM_PIDS_DIR;
  if (!dir || !pid) return () => undefined;
  const file = path.join(dir, String(pid));
  fs.writeFileSync(file, `${options.signal ?? 'TERM'} ${options.group ? -pid : pid}\n`);
  return () => fs.rmSync(file, { force: true });
}
