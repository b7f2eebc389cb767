import { z } from 'zod';
import type { Db } from '../db/database';
import { studentIdOf } from './assignment-store';

/** A student's own display preferences in the player (issue 26), kept on their record. */
export const preferencesBody = z.strictObject({
  text_size: z.enum(['normal', 'large', 'larger']),
  high_contrast: z.boolean(),
});
export type PlayerPreferences = z.infer<typeof preferencesBody>;

const DEFAULTS: PlayerPreferences = { text_size: 'normal', high_contrast: false };

/** What is stored, read defensively: anything unknown falls back to the default. */
function present(stored: unknown): PlayerPreferences {
  const value = typeof stored === 'string' ? JSON.parse(stored) : stored;
  const parsed = preferencesBody.partial().safeParse(value ?? {});
  return { ...DEFAULTS, ...(parsed.success ? parsed.data : {}) };
}

export async function readPreferences(db: Db, userId: number): Promise<PlayerPreferences> {
  const studentId = await studentIdOf(db, userId);
  const row = await db
    .selectFrom('students')
    .select('player_preferences')
    .where('id', '=', studentId)
    .executeTakeFirstOrThrow();
  return present(row.player_preferences);
}

export async function savePreferences(db: Db, userId: number, body: PlayerPreferences): Promise<PlayerPreferences> {
  const studentId = await studentIdOf(db, userId);
  await db
    .updateTable('students')
    .set({ player_preferences: JSON.stringify(body) })
    .where('id', '=', studentId)
    .execute();
  return body;
}
