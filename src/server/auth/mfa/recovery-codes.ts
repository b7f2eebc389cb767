import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** How many recovery codes an account gets at a time. */
export const RECOVERY_CODE_COUNT = 10;
// No 0/O or 1/I/L: a code is read off paper.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const normalise = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
const hashOf = (code: string) => createHash('sha256').update(normalise(code)).digest('hex');

/** One code: ten characters from 31 (about 50 bits), shown in two groups of five. */
function newCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Whether what was typed looks like a recovery code rather than an app's six digits. */
export const looksLikeRecoveryCode = (typed: string): boolean => normalise(typed).length === 10;

/** Replaces the account's codes with new ones; returns them (shown once, never stored in clear). */
export async function replaceRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await db.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('mfa_recovery_codes')
    .values(codes.map((code) => ({ user_id: userId, code_hash: hashOf(code) })))
    .execute();
  return codes;
}

/** Spends a recovery code: true once for each code, atomically (two requests cannot both spend it). */
export async function spendRecoveryCode(db: Db, userId: number, typed: string): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`
    update mfa_recovery_codes set used_at = now()
    where user_id = ${userId} and code_hash = ${hashOf(typed)} and used_at is null
    returning id`.execute(db);
  return rows.length > 0;
}

/** The account's unspent codes. */
export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('mfa_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
