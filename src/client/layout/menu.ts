import { AREAS, listPermissions } from '../../common/permission-catalog';
import { mainMenuLinks, schemaRegistry, settingsMenuGroups, type NavGroup, type NavItem } from '../generic';

export type { NavGroup, NavItem } from '../generic';

/** The header's own links: the resources whose schema puts them in the main menu (exams, questions bank). */
export const MAIN_LINKS: NavItem[] = mainMenuLinks(schemaRegistry.all());

export const REPORTS_MENU: NavGroup[] = [
  {
    label: 'nav.reports',
    items: [
      { to: '/generated-reports', label: 'nav.all_reports', anyOf: listPermissions(AREAS.reports) },
      { to: '/schools-list', label: 'nav.schools_list', anyOf: listPermissions(AREAS.schools) },
      { to: '/web-reports', label: 'nav.web_reports', anyOf: listPermissions(AREAS.reports) },
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
