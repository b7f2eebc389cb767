import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/server/auth/passwords';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';

/**
 * `npm run create-admin` as an operator runs it, in a process of its own on an embedded database
 * of its own: the password piped in or typed at a real terminal (a pseudo-terminal from `script`),
 * never on the command line, never shown, and never a common one.
 */
const PASSWORD = 'Kestrel-harbour-42';
const TSX = path.resolve('node_modules/.bin/tsx');
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function dataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ltm-admin-'));
  dirs.push(dir);
  return dir;
}

/** Runs `command` with `args`; `answer(output)` says what to type next once the output so far asks for it. */
function run(command: string, args: string[], dir: string, answer: (output: string) => string | null) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL; // the command's own embedded database, never the tests' server
  const child = spawn(command, args, { env, cwd: process.cwd() });
  let output = '';
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    const typed = answer(output);
    if (typed !== null) child.stdin.write(typed);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const typed = answer('');
  if (typed !== null) child.stdin.write(typed);
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, output })),
  );
}

const piped = (password: string) => (output: string) => (output === '' ? `${password}\n` : null);
const args = (email: string) => ['src/server/cli/create-admin.ts', '--email', email, '--name', 'Head Teacher'];

async function storedAdmin(dir: string, email: string) {
  const database = await openDatabase(loadConfig({ DATA_DIR: dir }));
  try {
    return await database.db
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select(['users.password_hash', 'roles.role'])
      .where('users.email', '=', email)
      .executeTakeFirst();
  } finally {
    await database.close();
  }
}

describe('npm run create-admin', () => {
  it('refuses --password and common passwords before touching any database', async () => {
    const dir = dataDir();
    const flag = await run(TSX, [...args('a@school.test'), '--password', PASSWORD], dir, () => null);
    expect(flag.code).toBe(1);
    expect(flag.output).toContain('--password is not accepted');
    for (const password of ['password1', 'Iloveyou1']) {
      const common = await run(TSX, [...args('a@school.test'), '--password-stdin'], dir, piped(password));
      expect(common.code, password).toBe(1);
      expect(common.output).toContain('one of the most common passwords');
    }
    expect(fs.readdirSync(dir)).toEqual([]);
  }, 60_000);

  it('takes the password from standard input and prints it nowhere', async () => {
    const dir = dataDir();
    const result = await run(TSX, [...args('piped@school.test'), '--password-stdin'], dir, piped(PASSWORD));
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('Administrator piped@school.test created');
    expect(result.output).not.toContain(PASSWORD);
    const admin = await storedAdmin(dir, 'piped@school.test');
    expect(admin?.role).toBe('com.ltm.roles.admin');
    expect(await verifyPassword(PASSWORD, admin!.password_hash)).toBe(true);
  }, 120_000);

  it('asks at a terminal twice without echoing what is typed', async () => {
    const dir = dataDir();
    const command = [TSX, ...args('typed@school.test')].map((part) => `'${part}'`).join(' ');
    let typed = 0;
    // `script` gives the command a pseudo-terminal and passes our input to it as keystrokes.
    const result = await run('script', ['-qfec', command, '/dev/null'], dir, (output) => {
      const asked = (output.match(/Password (\(not shown\)|again):/g) ?? []).length;
      if (asked > typed) {
        typed++;
        return `${PASSWORD}\r`;
      }
      return null;
    });
    expect(result.code, result.output).toBe(0);
    expect(typed).toBe(2);
    expect(result.output).toContain('Administrator typed@school.test created');
    expect(result.output).not.toContain(PASSWORD);
    const admin = await storedAdmin(dir, 'typed@school.test');
    expect(await verifyPassword(PASSWORD, admin!.password_hash)).toBe(true);
  }, 120_000);
});
