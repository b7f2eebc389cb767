import { z } from 'zod';

/** A role as a user's record names it: its key and its name in the reader's language. */
const userRole = z.strictObject({ id: z.number(), role: z.string(), name: z.string() });

/**
 * A staff user as `/api/users` answers it (users-queries.ts): the account's fields, its roles and
 * the schools it is linked to. Never a password or its hash.
 */
export const managedUser = z.strictObject({
  id: z.number(),
  name: z.string(),
  // A student's account (managed with the student) has none.
  email: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  roles: z.array(userRole),
  school_ids: z.array(z.number()),
  /** Whether the account signs in with a second factor (issue 46): another administrator may reset it. */
  mfa_enabled: z.boolean(),
});

export type ManagedUser = z.infer<typeof managedUser>;

/** Keys of a user as read that a client may send back with an update: accepted and ignored. */
export const userReadBack = {
  id: z.number().optional(),
  roles: z.array(userRole).optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  mfa_enabled: z.boolean().optional(),
};
