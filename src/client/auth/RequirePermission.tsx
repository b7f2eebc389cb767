import type { ReactNode } from 'react';
import { Authenticated, Loading } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { useAccess } from './access';

/** Renders its page when the user holds any one of `anyOf`; otherwise goes to /restricted. */
export function RequirePermission({ anyOf, children }: { anyOf: readonly string[]; children: ReactNode }) {
  const access = useAccess();
  if (access.isPending) return <Loading />;
  if (!access.allows({ anyOf })) return <Navigate to="/restricted" replace />;
  return <>{children}</>;
}

/** A page for signed-in users only, optionally behind a permission (SPEC section 6). */
export function ProtectedPage({ anyOf, children }: { anyOf?: readonly string[]; children: ReactNode }) {
  return (
    <Authenticated loading={<Loading />}>
      {anyOf ? <RequirePermission anyOf={anyOf}>{children}</RequirePermission> : children}
    </Authenticated>
  );
}
