import { parseArgs } from 'node:util';
import { read } from 'read';
import { z } from 'zod';
import { ROLES } from '../../common/permissions';
import { emailField, newPassword, requiredString } from '../../common/validation';
import { AppError } from '../http/app-error';
import { translate } from '../http/i18n';
import { assertPasswordAllowed } from '../auth';

export const USAGE = `Usage:
  npm run create-admin -- --email you@school.org --name "Your Name"
      asks for the password twice, without showing it
  printf '%s\\n' "$PASSWORD" | npm run create-admin -- --email you@school.org --name "Your Name" --password-stdin
      reads the password from the first line of standard input (also when standard input is not a terminal)`;

/** A reason to stop, printed as it is. */
export class InputError extends Error {}

export interface AdminInput {
  name: string;
  email: string;
  password: string;
}

/** What the command reads from: its standard input, and whether that is a terminal. */
export interface Terminal {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream;
}

const schema = z.strictObject({
  name: requiredString('validation.name_required'),
  email: emailField('validation.email_required', 'validation.invalid_email'),
  password: newPassword,
});

/** The first line of a stream (a password piped in), without its line break. */
async function firstLine(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0];
}

/** Asks at the terminal; `silent` echoes nothing of what is typed. */
const ask = (terminal: Terminal, prompt: string, silent = false) =>
  read({ prompt, silent, replace: '', input: terminal.stdin, output: terminal.stdout });

/**
 * The new administrator's name, email and password, checked as the users API checks a staff
 * account (the rules, and no common password). The password never comes from the command line
 * (visible to other users in the process list and kept in shell history): it is typed without echo
 * at a terminal, twice, or read from standard input when piped or with `--password-stdin`.
 */
export async function readAdminInput(argv: string[], terminal: Terminal): Promise<AdminInput> {
  let values: { name?: string; email?: string; password?: string; 'password-stdin'?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        name: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        'password-stdin': { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new InputError(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.password !== undefined)
    throw new InputError(
      `--password is not accepted: a password on the command line is visible in the process list and kept in shell history.\n${USAGE}`,
    );
  const interactive = terminal.stdin.isTTY === true && !values['password-stdin'];
  const missing = (['name', 'email'] as const).filter((key) => !values[key]);
  if (missing.length > 0 && !interactive)
    throw new InputError(`${missing.map((key) => `--${key}`).join(' and ')} needed.\n${USAGE}`);
  const name = values.name ?? (await ask(terminal, 'Name: '));
  const email = values.email ?? (await ask(terminal, 'Email: '));
  let password: string;
  if (interactive) {
    password = await ask(terminal, 'Password (not shown): ', true);
    const again = await ask(terminal, 'Password again: ', true);
    terminal.stdout.write('\n'); // the Enter typed was not echoed
    if (again !== password) throw new InputError('The two passwords differ.');
  } else password = await firstLine(terminal.stdin);
  return checked({ name, email, password });
}

function checked(input: AdminInput): AdminInput {
  const parsed = schema.safeParse(input);
  if (!parsed.success)
    throw new InputError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${translate('en', issue.message)}`).join('\n'),
    );
  try {
    assertPasswordAllowed(parsed.data.password, [ROLES.admin]);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const messages = Object.entries(error.fieldErrors ?? {}).flatMap(([field, keys]) =>
      keys.map((key) => `${field}: ${translate('en', key)}`),
    );
    throw new InputError(messages.join('\n'));
  }
  return parsed.data;
}
