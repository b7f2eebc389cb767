import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { recordProcess } from '../helpers/recorded-processes';

export interface RunningServer {
  url: string;
  /** The server's process (the primary, when it runs several). */
  pid: number;
  /** What the server printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `src/server/main.ts` as `npm start` would (after a build), on a fresh data directory with
 * demo data, on a fresh copy of a seeded one (`seededFrom`: it starts in seconds), or on the given
 * one (kept: its owner removes it).
 */
export async function startServer(
  options: {
    needsConsole?: boolean;
    env?: NodeJS.ProcessEnv;
    dataDir?: string;
    /** A data directory to start from a copy of (removed when the server stops). */
    seededFrom?: string;
    port?: number;
    /** Where to keep everything the server prints, whole (output() keeps its last 64 kB). */
    logFile?: string;
  } = {},
): Promise<RunningServer> {
  if (options.needsConsole !== false && !fs.existsSync('dist/client/index.html'))
    throw new Error('Build the console first: npm run build');
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ltm-e2e-'));
  if (options.seededFrom) fs.cpSync(options.seededFrom, dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    // No scheduled backup in the middle of a test (a test that wants one says so).
    BACKUP_EVERY_HOURS: '0',
  };
  delete env.DATABASE_URL;
  Object.assign(env, options.env);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  // The server's process group, for CI to stop if the test dies before it does.
  const forget = recordProcess(child.pid, { group: true });
  child.once('exit', forget);
  let output = '';
  const log = options.logFile ? fs.createWriteStream(options.logFile, { flags: 'a' }) : null;
  const keep = (d: unknown) => {
    log?.write(String(d));
    output = (output + String(d)).slice(-65_536);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    url,
    pid: child.pid!,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.pid) {
        const exited = new Promise((r) => child.once('exit', r));
        process.kill(-child.pid, 'SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
      }
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
