import type { MenuGroup, ResourceDefinition } from '../../../schemas/vocabulary';
import type { AccessRule } from '../auth';
import { ROLES } from '../../common/permissions';
import { labelKeys, screenPermissions } from './screen-config';

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

/** The header's links to resources of the main menu, labelled by `nav.<table>` (Exams, Questions bank). */
export function mainMenuLinks(definitions: readonly ResourceDefinition[]): NavItem[] {
  return definitions
    .filter((definition) => definition.menu.group === 'main')
    .sort((a, b) => a.menu.route.localeCompare(b.menu.route))
    .map((definition) => ({
      to: definition.menu.route,
      label: `nav.${definition.name.replace(/-/g, '_')}`,
      anyOf: screenPermissions(definition).view,
    }));
}

/** The Settings dropdown's sections, in the order the header shows them. */
export const MENU_GROUPS: readonly Exclude<MenuGroup, 'main'>[] = [
  'exams_settings',
  'questions_settings',
  'system_settings',
];

/** Group titles already in the catalog: `nav.exams_settings`, ... */
export const groupTitle = (group: MenuGroup) => `nav.${group}`;

/**
 * One Settings section per menu group, one link per resource screen. The link's label is the
 * resource's plural name; it needs the list permission, and the admin role for admin-only
 * resources. The system settings section as a whole is for admins (SPEC section 6).
 */
export function settingsMenuGroups(
  definitions: readonly ResourceDefinition[],
  pagesOf: (group: MenuGroup) => NavItem[] = () => [],
): NavGroup[] {
  return MENU_GROUPS.map((group) => {
    const items = definitions
      .filter((definition) => definition.menu.group === group && !definition.parent)
      .map((definition) => {
        const permissions = screenPermissions(definition);
        return {
          to: definition.menu.route,
          label: labelKeys(definition.name).name,
          labelArgs: { smart_count: 2 },
          anyOf: permissions.view,
          ...(permissions.roles ? { roles: permissions.roles } : {}),
        };
      });
    return {
      label: groupTitle(group),
      items: [...items, ...pagesOf(group)],
      ...(group === 'system_settings' ? { roles: [ROLES.admin] } : {}),
    };
  });
}
