import { AREAS, listPermissions } from '../../common/permission-catalog';
import { ROLES } from '../../common/permissions';
import { mainMenuLinks, schemaRegistry, settingsMenuGroups, type NavGroup, type NavItem } from '../generic';
import { MY_EXAMS_PATH, STUDENT_ANSWER_PERMISSION } from '../student';

export type { NavGroup, NavItem } from '../generic';

/** The header's own links: the resources whose schema puts them in the main menu (exams, questions bank), and a student's exams. */
export const MAIN_LINKS: NavItem[] = [
  ...mainMenuLinks(schemaRegistry.all()),
  // A student's only link; staff who hold the permission for testing are not students.
  { to: MY_EXAMS_PATH, label: 'student.nav.my_exams', anyOf: [STUDENT_ANSWER_PERMISSION], roles: [ROLES.student] },
];

export const REPORTS_MENU: NavGroup[] = [
  {
    label: 'nav.reports',
    items: [
      { to: '/generated-reports', label: 'nav.all_reports', anyOf: listPermissions(AREAS.reports) },
      { to: '/schools-list', label: 'nav.schools_list', anyOf: listPermissions(AREAS.schools) },
      { to: '/web-reports', label: 'nav.web_reports', anyOf: listPermissions(AREAS.webReports) },
    ],
  },
];

/** Demo requests have no schema (they come from the public landing form) but are a system setting. */
const DEMO_REQUESTS: NavItem = {
  to: '/demo-requests',
  label: 'nav.demo_requests',
  anyOf: listPermissions(AREAS.demoRequests),
};

/** The Settings dropdown: every resource screen from the schema registry, grouped as the schemas say. */
export const SETTINGS_MENU: NavGroup[] = settingsMenuGroups(schemaRegistry.screens()).map((group) =>
  group.label === 'nav.system_settings' ? { ...group, items: [...group.items, DEMO_REQUESTS] } : group,
);
