import cluster from 'node:cluster';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { prepareDatabase } from './setup/prepare';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo/demo-accounts';
import { seedDemo } from './demo/seed-demo';
import { buildApp } from './app';
import { backupBeforeMigrating } from './backup';
import { flushSentry, initServerSentry } from './http/sentry';

const config = readConfig();
const processes = config.webConcurrency;

if (processes > 1 && !config.databaseUrl) {
  console.error(
    `WEB_CONCURRENCY=${processes} needs PostgreSQL (DATABASE_URL): the embedded database (PGlite) runs in one process only.`,
  );
  process.exit(1);
}

if (processes > 1 && cluster.isPrimary) await runPrimary();
else await runServer({ prepare: cluster.isPrimary });

/**
 * Several server processes on one port (node:cluster): the primary migrates and seeds once, then
 * starts the workers and starts again any that dies.
 */
async function runPrimary() {
  const database = await openDatabase({ ...config, poolSize: 2 });
  const { migration } = await prepareDatabase(database.db, {
    beforeMigrating: backupBeforeMigrating(config, database),
  });
  if (!config.production) {
    const app = await buildApp({ config: { ...config, jobs: { ...config.jobs, enabled: false } }, database });
    const demo = await seedDemo(app);
    if (demo) console.log(`demo data loaded: ${JSON.stringify(demo)}`);
    await app.close();
  }
  await database.close();
  let stopping = false;
  const fork = () => cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`server process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    fork();
  });
  for (let i = 0; i < processes; i++) fork();
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    const exit = () => process.exit(0);
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) exit();
    });
    setTimeout(exit, 15_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  console.log(`primary ${process.pid}: ${processes} server processes on port ${config.port} (migration ${migration})`);
  if (!config.production) printDemoAccounts();
}

/** One server process: alone (it prepares the database itself) or a worker of the primary. */
async function runServer({ prepare }: { prepare: boolean }) {
  await initServerSentry(
    config.sentryDsn,
    config.production ? 'production' : 'development',
    config.sentryTracesSampleRate,
  );
  let log: (error: Error) => void = (error) => console.error('database connection lost:', error.message);
  const database = await openDatabase({
    ...config,
    poolSize: config.databasePoolSize,
    onIdleError: (error) => log(error),
  });
  const migration = prepare
    ? (await prepareDatabase(database.db, { beforeMigrating: backupBeforeMigrating(config, database) })).migration
    : null;
  const app = await buildApp({ config, database });
  log = (error) => app.log.warn({ err: error }, 'an idle database connection was closed; the pool opens a new one');
  if (prepare && !config.production) {
    const demo = await seedDemo(app);
    if (demo) app.log.info(demo, 'demo data loaded');
  }

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    await flushSentry();
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ database: database.kind, migration }, 'server ready');
  if (prepare && !config.production) printDemoAccounts();
}

/** The settings, or a clear message and exit code 1 when one cannot be used (e.g. `TRUST_PROXY=true`). */
function readConfig() {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Cannot start: ${error.message}`);
    process.exit(1);
  }
}

function printDemoAccounts() {
  const accounts = DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(24)} ${a.role}`).join('\n');
  console.log(`\nConsole: http://localhost:${config.port}\nDemo sign-in (password ${DEMO_PASSWORD}):\n${accounts}\n`);
}
