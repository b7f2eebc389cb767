import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../e2e/server-process';
import { recordProcess } from './recorded-processes';

const run = promisify(execFile);

/** A streaming replica of a local PostgreSQL server, in a temporary directory. */
export interface StreamingReplica {
  port: number;
  /** The URL of `database` on the replica. */
  urlFor(database: string): string;
  /** Runs one statement on the replica's `postgres` database. */
  query<R extends pg.QueryResultRow>(text: string): Promise<R[]>;
  /** Stops replaying WAL (it still receives it): the replica lags until `resume`. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** Waits until the replica has replayed everything the primary has written so far. */
  caughtUp(): Promise<void>;
  /** Stops the server at once, as a crash would (`pg_ctl -m immediate`); again does nothing. */
  stop(): Promise<void>;
  /** Stops it and removes its directory. */
  remove(): Promise<void>;
}

/** The server settings a standby may not have lower than its primary, or it refuses to start. */
const AT_LEAST_PRIMARY = [
  'max_connections',
  'max_worker_processes',
  'max_wal_senders',
  'max_prepared_transactions',
  'max_locks_per_transaction',
];

async function queryOnce<R extends pg.QueryResultRow>(url: string, text: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text)).rows;
  } finally {
    await client.end();
  }
}

async function until(what: string, check: () => Promise<boolean>, ms = 30_000) {
  const end = Date.now() + ms;
  let last: unknown = null;
  while (Date.now() < end) {
    try {
      if (await check()) return;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`streaming replica: timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}

/**
 * Copies the PostgreSQL server of `adminUrl` (on this machine, with a `replication` line in its
 * pg_hba.conf: scripts/allow-local-replication.sh) with `pg_basebackup -R` into a temporary
 * directory and starts it as a hot standby on a free port, streaming from the primary. The
 * binaries are those of the primary's major version (`/usr/lib/postgresql/<major>/bin`, Debian's
 * layout; PG_BIN overrides). PostgreSQL refuses to run as root: as root, the server runs as the
 * `postgres` user. Throws, with the server's log, if the replica cannot be made or started.
 */
export async function startStreamingReplica(adminUrl: string): Promise<StreamingReplica> {
  const primary = new URL(adminUrl);
  const settings = await queryOnce<{ name: string; setting: string }>(
    adminUrl,
    `select name, setting from pg_settings where name in ('server_version_num', ${AT_LEAST_PRIMARY.map((n) => `'${n}'`).join(', ')})`,
  );
  const setting = (name: string) => settings.find((row) => row.name === name)!.setting;
  const bin =
    process.env.PG_BIN ?? `/usr/lib/postgresql/${Math.floor(Number(setting('server_version_num')) / 10_000)}/bin`;
  const asRoot = process.getuid?.() === 0;
  const asServer = async (program: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]]
      : [path.join(bin, program), args];
    return run(file, argv, { timeout: 120_000 });
  };

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ltm-replica-'));
  const log = path.join(dir, 'server.log');
  const port = await freePort();
  const urlFor = (database: string) => `postgres://${primary.username || 'postgres'}@127.0.0.1:${port}/${database}`;
  let running = false;
  let forget = () => undefined as void;
  const stop = async () => {
    if (!running) return;
    running = false;
    await asServer('pg_ctl', ['-D', dir, '-m', 'immediate', 'stop']);
    forget();
  };
  try {
    if (asRoot) {
      const { stdout } = await run('id', ['-u', 'postgres']);
      const { stdout: group } = await run('id', ['-g', 'postgres']);
      fs.chownSync(dir, Number(stdout), Number(group));
    }
    fs.chmodSync(dir, 0o700);
    await asServer('pg_basebackup', [
      ...['-h', primary.hostname, '-p', primary.port || '5432', '-U', primary.username || 'postgres'],
      ...['-D', dir, '-R', '-X', 'stream', '-c', 'fast'],
    ]);
    // Debian keeps the configuration outside the data directory: the copy needs its own. The
    // replica trusts local connections only.
    const own = (file: string, text: string) => {
      fs.writeFileSync(path.join(dir, file), text);
      if (asRoot) fs.chownSync(path.join(dir, file), fs.statSync(dir).uid, fs.statSync(dir).gid);
    };
    own('postgresql.conf', AT_LEAST_PRIMARY.map((name) => `${name} = ${setting(name)}\n`).join(''));
    own('pg_hba.conf', 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
    own('pg_ident.conf', '');
    const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c hot_standby=on`;
    running = true;
    await asServer('pg_ctl', ['-D', dir, '-l', log, '-o', options, '-w', '-t', '60', 'start']);
    // Its postmaster's id, for CI to stop at once (SIGQUIT, as -m immediate) if this test dies first.
    forget = recordProcess(Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]), {
      signal: 'QUIT',
    });
    const admin = urlFor('postgres');
    await until(
      'recovery',
      async () => (await queryOnce<{ r: boolean }>(admin, 'select pg_is_in_recovery() as r'))[0].r,
    );
    await until(
      'streaming',
      async () => (await queryOnce(admin, `select 1 from pg_stat_wal_receiver where status = 'streaming'`)).length > 0,
    );
  } catch (error) {
    const tail = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').slice(-20).join('\n') : '(no log)';
    await stop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`streaming replica could not start: ${(error as Error).message}\n${tail}`, { cause: error });
  }

  const query = <R extends pg.QueryResultRow>(text: string) => queryOnce<R>(urlFor('postgres'), text);
  return {
    port,
    urlFor,
    query,
    pause: async () => {
      await query('select pg_wal_replay_pause()');
      await until('replay to pause', async () => {
        const [row] = await query<{ state: string }>('select pg_get_wal_replay_pause_state() as state');
        return row.state === 'paused';
      });
    },
    resume: async () => {
      await query('select pg_wal_replay_resume()');
    },
    caughtUp: async () => {
      const [{ lsn }] = await queryOnce<{ lsn: string }>(adminUrl, 'select pg_current_wal_lsn()::text as lsn');
      await until(`replay up to ${lsn}`, async () => {
        const [row] = await query<{ done: boolean }>(`select pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn as done`);
        return row.done;
      });
    },
    stop,
    remove: async () => {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
