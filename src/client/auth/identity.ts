import type { UserIdentity } from 'react-admin';
import type { CurrentUser } from '../../common/contracts';

/** What `getIdentity` resolves: react-admin's identity plus the user's email and roles. */
export interface ConsoleIdentity extends UserIdentity {
  id: number;
  fullName: string;
  email: string;
  roles: CurrentUser['roles'];
}
