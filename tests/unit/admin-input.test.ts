import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { InputError, readAdminInput, type Terminal } from '../../src/server/cli/admin-input';
import { commonPasswordCount, isCommonPassword } from '../../src/server/auth/password-policy';

const GOOD = 'Kestrel-harbour-42';

/** A terminal whose input is `lines`; `tty` makes both ends look like a terminal. */
function terminal(lines: string[], tty: boolean) {
  const stdin = Object.assign(new PassThrough(), { isTTY: tty });
  const stdout = Object.assign(new PassThrough(), { isTTY: tty });
  let shown = '';
  stdout.on('data', (chunk) => (shown += String(chunk)));
  // Typed one line at a time, as a person would, after the program asked.
  let next = 0;
  const type = () => {
    if (next < lines.length) stdin.write(`${lines[next++]}\n`);
    if (next < lines.length) setTimeout(type, 20);
    else if (!tty) stdin.end();
  };
  setTimeout(type, 20);
  return { io: { stdin, stdout } as Terminal, shown: () => shown };
}

const args = ['--email', 'head@school.test', '--name', 'Head Teacher'];

describe('create-admin input', () => {
  it('reads the password from the first line of piped standard input', async () => {
    const { io } = terminal([GOOD, 'ignored'], false);
    await expect(readAdminInput([...args, '--password-stdin'], io)).resolves.toEqual({
      name: 'Head Teacher',
      email: 'head@school.test',
      password: GOOD,
    });
    const piped = terminal([GOOD], false);
    await expect(readAdminInput(args, piped.io)).resolves.toMatchObject({ password: GOOD });
  });

  it('asks twice at a terminal and never shows what is typed', async () => {
    const { io, shown } = terminal([GOOD, GOOD], true);
    await expect(readAdminInput(args, io)).resolves.toMatchObject({ password: GOOD });
    expect(shown()).toContain('Password (not shown):');
    expect(shown()).toContain('Password again:');
    expect(shown()).not.toContain(GOOD);
    expect(shown()).not.toContain('*');
  });

  it('refuses two different passwords typed at the terminal', async () => {
    const { io } = terminal([GOOD, `${GOOD}x`], true);
    await expect(readAdminInput(args, io)).rejects.toThrow('The two passwords differ.');
  });

  it('refuses --password: the command line is visible to others and kept in history', async () => {
    const { io } = terminal([], false);
    await expect(readAdminInput([...args, '--password', GOOD], io)).rejects.toThrow(/--password is not accepted/);
  });

  it('refuses common passwords, whatever their case, and passwords outside the rules', async () => {
    for (const password of ['password1', 'Password1', 'PASSWORD1', 'qwerty123', 'iloveyou1']) {
      expect(isCommonPassword(password), password).toBe(true);
      const { io } = terminal([password], false);
      await expect(readAdminInput(args, io), password).rejects.toThrow(
        'password: This password is one of the most common passwords and is easily guessed: choose another',
      );
    }
    const short = terminal(['abc1'], false);
    await expect(readAdminInput(args, short.io)).rejects.toThrow(/at least 8 characters/);
    const empty = terminal([''], false);
    await expect(readAdminInput(args, empty.io)).rejects.toThrow(InputError);
  });

  it('needs --email and --name when it cannot ask', async () => {
    const { io } = terminal([GOOD], false);
    await expect(readAdminInput(['--name', 'A'], io)).rejects.toThrow(/--email needed/);
    await expect(readAdminInput(['--bogus'], terminal([], false).io)).rejects.toThrow(/Usage/);
  });
});

describe('the common-password list', () => {
  it('holds at least 10,000 passwords, and lets a strong one through', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
    let count = 0;
    for (const candidate of ['123456', 'password', 'qwerty', 'dragon', 'letmein', 'football', 'monkey']) {
      if (isCommonPassword(candidate)) count++;
    }
    expect(count).toBe(7);
    expect(isCommonPassword(GOOD)).toBe(false);
    expect(isCommonPassword('Demo@2026')).toBe(false);
  });
});
