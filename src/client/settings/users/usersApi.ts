import { http } from '../../providers/http';

/** A role as the users API carries it: `role` is the identifier, `name` comes translated. */
export interface Role {
  id: number;
  role: string;
  name: string;
}

export interface ManagedUser {
  id: number;
  name: string;
  email: string;
  is_active: boolean;
  roles: Role[];
  created_at?: string;
}

/** `GET /api/roles/permissions`: every role (with its permissions, unused here). */
export async function fetchRoles(signal?: AbortSignal): Promise<Role[]> {
  const { json } = await http<{ data: Role[] }>('/roles/permissions', { signal });
  return json.data.map(({ id, role, name }) => ({ id, role, name }));
}

/** `POST /api/users/{id}/assign/role` or `/remove/role`: answers with the updated user. */
export async function changeRole(userId: number, action: 'assign' | 'remove', role: string): Promise<ManagedUser> {
  const { json } = await http<{ data: ManagedUser }>(`/users/${userId}/${action}/role`, {
    method: 'POST',
    body: { role },
  });
  return json.data;
}

export interface PasswordReset {
  password: string;
  password_confirmation: string;
}

/** `PUT /api/users/{id}/change/password`: an administrator sets someone's password. */
export async function setUserPassword(userId: number, values: PasswordReset): Promise<void> {
  await http(`/users/${userId}/change/password`, { method: 'PUT', body: values });
}
