import { sql } from 'kysely';
import type { Db } from '../db/database';
import { hashPassword } from '../auth';
import { createStudentAccounts } from '../roster';
import { DEMO_PASSWORD } from './demo-accounts';

/**
 * Every demo student can sign in: numbered S1001, S1002… in the order they were made, each with an
 * account whose username is their number in lower case (s1001…) and the demo password (README,
 * "Demo accounts"). One hash serves them all: it is the demo.
 */
export async function seedStudentAccounts(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`update students set student_number = 'S' || (1000 + id)`.execute(trx);
    const without = await trx
      .selectFrom('students')
      .select(['id', 'student_number', 'name_en', 'is_active'])
      .where('user_id', 'is', null)
      .execute();
    await createStudentAccounts(trx, without);
    await sql`update users set username = lower(s.student_number), password_hash = ${await hashPassword(DEMO_PASSWORD)}
      from students s where s.user_id = users.id`.execute(trx);
  });
}
