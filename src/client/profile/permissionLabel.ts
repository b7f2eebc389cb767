import { parsePermission } from '../../common/permissions';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A permission in words, in the reader's language: "Skills: Edit", "Exams: View the list". Areas named in
 * `permissions.areas` take that name; settings lists are named by their resource. An unknown string
 * is shown as it is.
 */
export function permissionLabel(permission: string, translate: Translate): string {
  const parts = parsePermission(permission);
  if (!parts) return permission;
  const areaName = translate(`permissions.areas.${parts.area}`, { _: '' });
  const area = areaName || translate(`resources.${parts.area}.name`, { smart_count: 2, _: parts.area });
  const actionKey = parts.areaWide && parts.action === 'view' ? 'view_list' : parts.action;
  const action = translate(`permissions.actions.${actionKey}`, { _: parts.action });
  return translate('profile.permission', { area, action });
}
