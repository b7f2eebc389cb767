/** The signed-in user as `GET /api/user` returns it (SPEC section 3, "Current user"). */
export interface CurrentUser {
  id: number;
  name: string;
  email: string;
  roles: { name: string; role: string }[];
  permissions: { permission: string }[];
}
