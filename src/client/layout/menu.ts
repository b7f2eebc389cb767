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

/** The Settings dropdowns: every resource screen from the schema registry, grouped as the schemas say, then the declared pages of each group. */
export const SETTINGS_MENU: NavGroup[] = settingsMenuGroups(schemaRegistry.screens(), declaredPageLinks);
