import { AREAS, listPermissions } from '../../common/permission-catalog';
import type { AccessRule } from '../auth/access';
import { settingsMenuGroups } from '../generic/menu-config';
import { schemaRegistry } from '../generic/registry';

/** One header link: where it goes, its catalog label and who may see it. */
export interface NavItem extends AccessRule {
  to: string;
  label: string;
  /** Translation options of the label, e.g. `smart_count: 2` for a resource's plural name. */
  labelArgs?: Record<string, number | string>;
}

export interface NavGroup extends AccessRule {
  label: string;
  items: NavItem[];
}

export const MAIN_LINKS: NavItem[] = [
  { to: '/exams', label: 'nav.exams', anyOf: listPermissions(AREAS.exams) },
  { to: '/questions-bank', label: 'nav.questions_bank', anyOf: listPermissions(AREAS.questionsBank) },
];

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
const DEMO_REQUESTS: NavItem = { to: '/demo-requests', label: 'nav.demo_requests', anyOf: listPermissions(AREAS.demoRequests) };

/** The Settings dropdown: every resource screen from the schema registry, grouped as the schemas say. */
export const SETTINGS_MENU: NavGroup[] = settingsMenuGroups(schemaRegistry.screens()).map((group) =>
  group.label === 'nav.system_settings' ? { ...group, items: [...group.items, DEMO_REQUESTS] } : group,
);
