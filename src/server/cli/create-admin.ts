/**
 * Creates an administrator: `npm run create-admin -- --email a@b.c --name "Name" --password "..."`,
 * or interactively when flags are missing. Uses the same DATABASE_URL / DATA_DIR as the server.
 */
import { parseArgs } from 'node:util';
import readline from 'node:readline/promises';
import { z } from 'zod';
import { ROLES } from '../../common/permissions';
import { emailField, newPassword, requiredString } from '../../common/validation';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { prepareDatabase } from '../setup';
import { translate } from '../http/i18n';
import { createUser } from '../users';

const input = z.strictObject({
  name: requiredString('validation.name_required'),
  email: emailField('validation.email_required', 'validation.invalid_email'),
  password: newPassword,
});

async function ask(values: Record<string, string | undefined>) {
  const missing = ['name', 'email', 'password'].filter((key) => !values[key]);
  if (missing.length === 0 || !process.stdin.isTTY) return values;
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  for (const key of missing) values[key] = await rl.question(`${key}: `);
  rl.close();
  return values;
}

const { values } = parseArgs({
  options: { name: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' } },
});
const parsed = input.safeParse(await ask({ ...values }));
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`${issue.path.join('.')}: ${translate('en', issue.message)}`);
  process.exit(1);
}

const config = loadConfig();
const database = await openDatabase(config);
try {
  await prepareDatabase(database.db);
  const taken = await database.db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', parsed.data.email.toLowerCase()))
    .executeTakeFirst();
  if (taken) {
    console.error(`A user with the email ${parsed.data.email} already exists.`);
    process.exitCode = 1;
  } else {
    const id = await createUser(database.db, { ...parsed.data, roles: [ROLES.admin] });
    console.log(`Administrator ${parsed.data.email} created (id ${id}) on ${database.kind}.`);
  }
} finally {
  await database.close();
}
