import { useTranslate } from 'react-admin';
import type { AuditLogRecord } from '../../common/contracts/index';
import { formatNumber } from '../format';
import { nameOf, useLanguage } from '../i18n/recordName';

/**
 * An entry's parts in the reader's words: an action or a target type named by the catalog (the raw
 * name when it names none), its actor, its target and its school.
 */
export function useAuditLabels() {
  const translate = useTranslate();
  const language = useLanguage();
  const action = (name: string) => translate(`audit.actions.${name}`, { _: name });
  const targetType = (name: string) => translate(`audit.target_types.${name}`, { _: name });
  return {
    action,
    targetType,
    actor: (record: AuditLogRecord) =>
      record.actor === null
        ? translate('audit.system')
        : (record.actor.name ?? translate('audit.deleted_user', { id: formatNumber(record.actor.id, language) })),
    /** `exams/12` as "Exams 12" (digits in the reader's script); anything else after the type as written. */
    target: (record: AuditLogRecord) => {
      const rest = record.target.slice(record.target_type.length + 1);
      const id = /^\d+$/.test(rest) ? formatNumber(Number(rest), language) : rest;
      return id ? `${targetType(record.target_type)} ${id}` : targetType(record.target_type);
    },
    school: ({ school }: AuditLogRecord) => {
      if (school === null) return '';
      // A deleted school keeps its id in the log, with no name.
      if (school.name_en === null && school.name_ar === null)
        return translate('audit.deleted_school', { id: formatNumber(school.id, language) });
      return nameOf(school, language);
    },
  };
}
