/**
 * `npm run bench:api`: starts the real server (PGlite, or PostgreSQL with BENCH_DATABASE_URL),
 * signs in as the demo student and measures authenticated reads, the per-request cost every
 * screen pays (session lookup and permissions). Prints figures; asserts nothing.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { startServer } from '../e2e/server-process';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

const server = await startServer({
  needsConsole: false,
  env: {
    LOG_LEVEL: 'error',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  },
});

async function run(title: string, path: string, headers: Record<string, string> = {}) {
  const result = await autocannon({
    url: `${server.url}${path}`,
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
  });
  const line = `${title.padEnd(34)} ${String(Math.round(result.requests.average)).padStart(7)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   errors ${result.errors + result.non2xx}`;
  console.log(line);
}

try {
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ email: 'student@example.com', password: 'Demo@2026' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  if (!cookie) throw new Error(`sign-in failed: ${login.status}`);

  console.log(
    `${new Date().toISOString()}  ${os.cpus().length} cores, ${os.cpus()[0]?.model}, Node ${process.version}`,
  );
  console.log(
    `database: ${process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite'}, ${CONNECTIONS} connections, ${DURATION} s each\n`,
  );
  await run('GET /api/health (no session)', '/api/health');
  await run('GET /api/user (session + permissions)', '/api/user', { cookie });
  await run('GET /api/skills?platform_id=1', '/api/skills?platform_id=1', { cookie: await adminCookie() });
} finally {
  await server.stop();
}

async function adminCookie(): Promise<string> {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'Demo@2026' }),
  });
  return (response.headers.get('set-cookie') ?? '').split(';')[0];
}
