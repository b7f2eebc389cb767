import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { prepareDatabase } from './db/prepare';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/demo-data';
import { buildApp } from './app';
import { flushSentry, initServerSentry } from './system/sentry';

const config = loadConfig();
await initServerSentry(config.sentryDsn, config.production ? 'production' : 'development');
const database = await openDatabase(config);
const { migration } = await prepareDatabase(database.db, { demoData: !config.production });
const app = await buildApp({ config, database });

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
