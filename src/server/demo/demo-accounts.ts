import { ROLES } from '../../common/permissions';

export const DEMO_PASSWORD = 'Demo@2026';

/** One account per role; the student account is linked to the first demo student. */
export const DEMO_ACCOUNTS = [
  { email: 'admin@example.com', name: 'Amal Admin', role: ROLES.admin },
  { email: 'author@example.com', name: 'Omar Author', role: ROLES.author },
  { email: 'corrector@example.com', name: 'Huda Corrector', role: ROLES.corrector },
  { email: 'school@example.com', name: 'Sami School', role: ROLES.school },
  { email: 'student@example.com', name: 'Layla Student', role: ROLES.student },
] as const;
