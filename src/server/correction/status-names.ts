import { CORRECTION_STATUSES, EXAM_STATUSES } from '../../common/correction/index';
import type { StatusEntry } from '../../common/contracts/index';
import { translate } from '../http/i18n';

const entry = (group: 'exam_statuses' | 'correction_statuses', status: { id: number; key: string }): StatusEntry => ({
  id: status.id,
  key: status.key,
  name_en: translate('en', `correction.${group}.${status.key}`),
  name_ar: translate('ar', `correction.${group}.${status.key}`),
});

/** The two status lookups with their stable ids and both names (the catalogs hold the names). */
export const EXAM_STATUS_ENTRIES = EXAM_STATUSES.map((s) => entry('exam_statuses', s));
export const CORRECTION_STATUS_ENTRIES = CORRECTION_STATUSES.map((s) => entry('correction_statuses', s));

export const examStatusEntry = (id: number): StatusEntry => EXAM_STATUS_ENTRIES.find((s) => s.id === id)!;
export const correctionStatusEntry = (id: number | null): StatusEntry | null =>
  id === null ? null : CORRECTION_STATUS_ENTRIES.find((s) => s.id === id)!;
