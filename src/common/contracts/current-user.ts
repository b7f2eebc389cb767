/** The signed-in user as `GET /api/user` returns it (SPEC section 3, "Current user"). */
export interface CurrentUser {
  id: number;
  name: string;
  /** Null for a student's account, which signs in with its username. */
  email: string | null;
  username: string | null;
  roles: { name: string; role: string }[];
  permissions: { permission: string }[];
  /** The account's second factor (issue 46): on, and required by one of its roles (then the console asks to set it up first). */
  mfa?: { enabled: boolean; required: boolean };
}
