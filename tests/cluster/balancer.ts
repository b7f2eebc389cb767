import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../e2e/server-process';
import { endChild, recordChild } from '../helpers/child-process';

export interface Balancer {
  url: string;
  stop(): Promise<void>;
}

/**
 * haproxy (Debian's package) in front of the servers: round robin over each request, no sticky
 * sessions, health checks on /api/health, and the answering server's name in `X-Served-By`.
 */
export async function startHaproxy(servers: { name: string; url: string }[]): Promise<Balancer> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haproxy-'));
  const config = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(
    config,
    [
      'global',
      '  maxconn 1024',
      'defaults',
      '  mode http',
      '  option forwardfor',
      // Each request is balanced on its own: no connection stays with one server.
      '  option http-server-close',
      '  timeout connect 5s',
      '  timeout client 60s',
      '  timeout server 60s',
      'frontend web',
      `  bind 127.0.0.1:${port}`,
      '  default_backend app',
      'backend app',
      '  balance roundrobin',
      '  option httpchk GET /api/health/ready',
      '  http-response set-header X-Served-By %[srv_name]',
      ...servers.map(({ name, url }) => `  server ${name} ${new URL(url).host} check inter 1s`),
      '',
    ].join('\n'),
  );
  const binary = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((file) => fs.existsSync(file));
  if (!binary) throw new Error('haproxy is not installed: apt-get install -y haproxy (.ci/run does)');
  const child: ChildProcess = spawn(binary, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += String(d)));
  child.stderr!.on('data', (d) => (output += String(d)));
  const url = `http://127.0.0.1:${port}`;
  recordChild(child);
  const stop = () => endChild(child, dir);
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`haproxy ended: ${output}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`haproxy did not answer: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, stop };
}
