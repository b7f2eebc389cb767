import type { StatusEntry } from '../../common/contracts/index';
import { REPORT_STATUSES, REPORT_TYPES } from '../../common/reports/index';
import { translate } from '../http/i18n';

const entry = (group: string, status: { id: number; key: string }): StatusEntry => ({
  id: status.id,
  key: status.key,
  name_en: translate('en', `reports.${group}.${status.key}`),
  name_ar: translate('ar', `reports.${group}.${status.key}`),
});

const numbered = (keys: readonly string[]) => keys.map((key, index) => ({ id: index + 1, key }));

/** The lookups of reports with their stable ids and both names (the catalogs hold the names). */
export const REPORT_TYPE_ENTRIES = REPORT_TYPES.map((s) => entry('types', s));
export const REPORT_STATUS_ENTRIES = REPORT_STATUSES.map((s) => entry('statuses', s));
export const MIGRATION_STATUS_ENTRIES = numbered(['none', 'migrating', 'migrated', 'failed']).map((s) =>
  entry('migration_statuses', s),
);
/** A school's or grade's reports taken together: none yet, some still being made, all made, one failed. */
export const GROUP_REPORT_STATUS_ENTRIES = numbered(['none', 'pending', 'generated', 'failed']).map((s) =>
  entry('school_report_statuses', s),
);

const byKey = (entries: StatusEntry[]) => (key: string) => entries.find((e) => e.key === key)!;
const byId = (entries: StatusEntry[]) => (id: number) => entries.find((e) => e.id === id)!;

export const reportTypeEntry = byId(REPORT_TYPE_ENTRIES);
export const reportStatusEntry = byId(REPORT_STATUS_ENTRIES);
export const migrationStatusEntry = byKey(MIGRATION_STATUS_ENTRIES);
export const groupReportStatusEntry = byKey(GROUP_REPORT_STATUS_ENTRIES);
