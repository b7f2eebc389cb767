/** Who is calling: loaded once per request from the session cookie. */
export interface AuthContext {
  sessionHash: string;
  user: { id: number; name: string; email: string | null; username?: string | null };
  roles: { name: string; name_ar: string; role: string }[];
  permissions: Set<string>;
}
