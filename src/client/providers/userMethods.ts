import { http } from './http';

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

/** What `PUT /api/users/{id}/change/password` takes. */
export interface PasswordReset {
  password: string;
  password_confirmation: string;
}

/**
 * The users screens' calls beyond the generic dialect (listing and editing users are the standard
 * methods on `users`).
 */
export interface UserMethods {
  /** `GET /api/roles/permissions`: every role (their permissions, unused here, are left out). */
  roles(signal?: AbortSignal): Promise<{ data: Role[] }>;
  /** `POST /api/users/{id}/assign/role` or `/remove/role`: answers with the updated user. */
  changeUserRole(userId: number, action: 'assign' | 'remove', role: string): Promise<{ data: ManagedUser }>;
  /** An administrator sets someone's password. */
  setUserPassword(userId: number, values: PasswordReset): Promise<{ data: { id: number } }>;
}

export const userMethods: UserMethods = {
  roles: (signal) =>
    http<{ data: Role[] }>('/roles/permissions', { signal }).then(({ json }) => ({
      data: json.data.map(({ id, role, name }) => ({ id, role, name })),
    })),

  changeUserRole: (userId, action, role) =>
    http<{ data: ManagedUser }>(`/users/${userId}/${action}/role`, { method: 'POST', body: { role } }).then(
      ({ json }) => ({ data: json.data }),
    ),

  setUserPassword: (userId, values) =>
    http(`/users/${userId}/change/password`, { method: 'PUT', body: values }).then(() => ({ data: { id: userId } })),
};
