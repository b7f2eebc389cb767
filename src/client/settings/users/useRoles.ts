import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { fetchRoles, type Role } from './usersApi';

/** The roles a user can be given, loaded once per screen; a failure is a toast, not a blank form. */
export function useRoles(): Role[] | null {
  const notify = useNotify();
  const [roles, setRoles] = useState<Role[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchRoles(controller.signal)
      .then(setRoles)
      .catch(() => {
        if (!controller.signal.aborted) notify('users.roles_fetch_error', { type: 'error' });
      });
    return () => controller.abort();
  }, [notify]);
  return roles;
}
