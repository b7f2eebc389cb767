import type { ScreenAdditions } from '../generic';
import { LoginCardsButton } from './LoginCardsButton';
import { ROSTER_ACCESS } from './permissions';
import { ResetPasswordButton } from './ResetPasswordButton';

/**
 * What rostering adds to the generic screens (src/client/generic/overrides.ts reads it): a
 * student's password reset on their edit screen, and each class's login cards on its school's.
 */
const additions: Record<string, ScreenAdditions> = {
  students: { editActions: [{ component: ResetPasswordButton, anyOf: ROSTER_ACCESS.resetPassword }] },
  'school-classes': { rowActions: [{ component: LoginCardsButton, anyOf: ROSTER_ACCESS.loginCards }] },
};

export default additions;
