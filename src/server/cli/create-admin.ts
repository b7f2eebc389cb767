/**
 * Creates an administrator: `npm run create-admin -- --email a@b.c --name "Name"`, then the password
 * typed twice without echo; or `--password-stdin` (or any piped standard input) to read it from the
 * first line of standard input. Uses the same DATABASE_URL / DATA_DIR as the server.
 */
import { ROLES } from '../../common/permissions';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { prepareDatabase } from '../setup';
import { createUser } from '../users';
import { InputError, readAdminInput } from './admin-input';

let input;
try {
  input = await readAdminInput(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout });
} catch (error) {
  if (!(error instanceof InputError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const config = loadConfig();
const database = await openDatabase(config);
try {
  await prepareDatabase(database.db);
  const taken = await database.db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', input.email.toLowerCase()))
    .executeTakeFirst();
  if (taken) {
    console.error(`A user with the email ${input.email} already exists.`);
    process.exitCode = 1;
  } else {
    const id = await createUser(database.db, { ...input, roles: [ROLES.admin] });
    console.log(`Administrator ${input.email} created (id ${id}) on ${database.kind}.`);
  }
} finally {
  await database.close();
}
