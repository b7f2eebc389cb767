import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { prepareDatabase } from './setup/prepare';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo/demo-accounts';
import { seedDemo } from './demo/seed-demo';
import { buildApp } from './app';
import { flushSentry, initServerSentry } from './http/sentry';

const config = loadConfig();
await initServerSentry(config.sentryDsn, config.production ? 'production' : 'development');
let log: (error: Error) => void = (error) => console.error('database connection lost:', error.message);
const database = await openDatabase({ ...config, onIdleError: (error) => log(error) });
const { migration } = await prepareDatabase(database.db);
const app = await buildApp({ config, database });
log = (error) => app.log.warn({ err: error }, 'an idle database connection was closed; the pool opens a new one');
if (!config.production) {
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
if (!config.production) {
  const accounts = DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(24)} ${a.role}`).join('\n');
  console.log(`\nConsole: http://localhost:${config.port}\nDemo sign-in (password ${DEMO_PASSWORD}):\n${accounts}\n`);
}
