import { AREAS, listPermissions } from '../../common/permission-catalog';
import {
  declaredPageLinks,
  mainMenuLinks,
  schemaRegistry,
  settingsMenuGroups,
  type NavGroup,
  type NavItem,
} from '../generic';

export type { NavGroup, NavItem } from '../generic';

/**
 * The header's own links: the resources whose declaration puts them in the main menu (exams,
 * questions bank), and the declared pages there (a student's exams).
 */
export const MAIN_LINKS: NavItem[] = [...mainMenuLinks(schemaRegistry.all()), ...declaredPageLinks('main')];

/** The Reports dropdown: the declared pages of the reports group (all reports, schools list, web reports). */
export const REPORTS_MENU: NavGroup[] = [{ label: 'nav.reports', items: declaredPageLinks('reports') }];

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
