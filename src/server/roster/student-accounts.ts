import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { ROLES } from '../../common/permissions';
import { endUserSessions, hashPassword } from '../auth';
import type { Db } from '../db/database';

/**
 * The password of an account that has none yet: no scrypt hash ever equals it, so nobody signs in
 * with it. An import creates accounts this way (hashing 10,000 passwords would take minutes on two
 * cores); a class's login cards or a reset issue the first password.
 */
export const NO_PASSWORD = '!';

/** Letters and digits no child confuses (no 0/o, 1/l/i). */
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const CODE_LENGTH = 8;

/** The username rule: the student number in lower case (numbers are unique on the platform, in any case). */
export const usernameOf = (studentNumber: string) => studentNumber.toLowerCase();

/** A first password: 8 characters of 31 (about 40 bits), typed by a child from a card; scrypt-hashed when stored. */
export function newStudentPassword(): string {
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

type Executor = Pick<Db, 'insertInto' | 'selectFrom' | 'updateTable'>;

/**
 * Accounts for students who have none: a user with the student role, named as the student,
 * signing in with `usernameOf(number)`, with no password yet. In batches, in the caller's transaction.
 */
export async function createStudentAccounts(
  trx: Executor,
  students: readonly { id: number; student_number: string; name_en: string; is_active?: boolean }[],
): Promise<void> {
  if (students.length === 0) return;
  const role = await trx.selectFrom('roles').select('id').where('role', '=', ROLES.student).executeTakeFirstOrThrow();
  for (let i = 0; i < students.length; i += 1000) {
    const batch = students.slice(i, i + 1000);
    const users = await trx
      .insertInto('users')
      .values(
        batch.map((s) => ({
          name: s.name_en,
          email: null,
          username: usernameOf(s.student_number),
          password_hash: NO_PASSWORD,
          is_active: s.is_active ?? true,
        })),
      )
      .returning(['id', 'username'])
      .execute();
    await trx
      .insertInto('user_roles')
      .values(users.map((u) => ({ user_id: u.id, role_id: role.id })))
      .execute();
    const userOf = new Map(users.map((u) => [u.username!, u.id]));
    const pairs = batch.map((s) => sql`(${s.id}::int, ${userOf.get(usernameOf(s.student_number))!}::int)`);
    await sql`update students set user_id = v.user_id from (values ${sql.join(pairs)}) as v(student_id, user_id)
      where students.id = v.student_id`.execute(trx as Db);
  }
}

/**
 * A new password for a student's account, returned once and stored only as its hash; the
 * student's sessions end. Creates the account first if the student has none.
 */
export async function resetStudentPassword(db: Db, studentId: number): Promise<{ username: string; password: string }> {
  const password = newStudentPassword();
  const hash = await hashPassword(password);
  const username = await db.transaction().execute(async (trx) => {
    let student = await trx
      .selectFrom('students')
      .select(['id', 'user_id', 'student_number', 'name_en', 'is_active'])
      .where('id', '=', studentId)
      .executeTakeFirstOrThrow();
    if (student.user_id === null) {
      await createStudentAccounts(trx, [student]);
      student = await trx
        .selectFrom('students')
        .select(['id', 'user_id', 'student_number', 'name_en', 'is_active'])
        .where('id', '=', studentId)
        .executeTakeFirstOrThrow();
    }
    const user = await trx
      .updateTable('users')
      .set({ password_hash: hash, updated_at: sql`now()` })
      .where('id', '=', student.user_id!)
      .returning(['id', 'username'])
      .executeTakeFirstOrThrow();
    return user.username ?? usernameOf(student.student_number);
  });
  const { user_id } = await db
    .selectFrom('students')
    .select('user_id')
    .where('id', '=', studentId)
    .executeTakeFirstOrThrow();
  await endUserSessions(db, user_id!);
  return { username, password };
}
