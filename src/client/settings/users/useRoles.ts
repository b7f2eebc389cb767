import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { useAppDataProvider } from '../../providers/appDataProvider';
import type { Role } from '../../providers/userMethods';

/** The roles a user can be given, loaded once per screen; a failure is a toast, not a blank form. */
export function useRoles(): Role[] | null {
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const { data, isError } = useQuery({
    queryKey: ['roles', 'roles'],
    queryFn: ({ signal }) => dataProvider.roles(signal).then(({ data: roles }) => roles),
    retry: false,
  });
  useEffect(() => {
    if (isError) notify('users.roles_fetch_error', { type: 'error' });
  }, [isError, notify]);
  // After a sign-out the data provider answers an empty list.
  return Array.isArray(data) ? data : null;
}
