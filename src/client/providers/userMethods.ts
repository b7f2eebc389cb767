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
  /** Whether the account signs in with a second factor (issue 46). */
  mfa_enabled?: boolean;
}

/** A role with the permissions it holds (`GET /api/roles/permissions`). */
export interface RoleWithPermissions extends Role {
  permissions: { id: number; permission: string }[];
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
  /** `GET /api/roles/permissions`: every role with its permissions (the roles screen). */
  rolesWithPermissions(signal?: AbortSignal): Promise<{ data: RoleWithPermissions[] }>;
  /** `PUT /api/roles/{id}/permissions`: the role's whole set; answers with the server's message. */
  setRolePermissions(roleId: number, permissions: string[]): Promise<{ message: string; data: RoleWithPermissions }>;
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

  rolesWithPermissions: (signal) =>
    http<{ data: RoleWithPermissions[] }>('/roles/permissions', { signal }).then(({ json }) => json),

  setRolePermissions: (roleId, permissions) =>
    http<{ message: string; data: RoleWithPermissions }>(`/roles/${roleId}/permissions`, {
      method: 'PUT',
      body: { permissions },
    }).then(({ json }) => json),
};
