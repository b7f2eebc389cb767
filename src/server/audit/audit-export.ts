import { Readable } from 'node:stream';
import type { Language } from '../../../locales/index';
import type { AuditLogRecord } from '../../common/contracts/index';
import { formatWallTime } from '../../common/datetime';
import { toCsv } from '../../common/csv';
import { translate } from '../http/i18n';

const COLUMNS = [
  'id',
  'at',
  'actor_id',
  'actor',
  'actor_email',
  'address',
  'action',
  'action_label',
  'target',
  'school_id',
  'school',
  'summary',
  'reason',
  'request_id',
] as const;

/** An action in words in the reader's language; one the catalog does not name is shown as it is. */
export const actionLabel = (language: Language, action: string) =>
  translate(language, `audit.actions.${action}`, { _: action });

function cellsOf(record: AuditLogRecord, language: Language, timeZone: string) {
  const school = record.school && (language === 'ar' ? record.school.name_ar : record.school.name_en);
  return [
    record.id,
    formatWallTime(record.at, timeZone),
    record.actor?.id ?? '',
    record.actor?.name ?? '',
    record.actor?.email ?? '',
    record.address ?? '',
    record.action,
    actionLabel(language, record.action),
    record.target,
    record.school?.id ?? '',
    school ?? '',
    JSON.stringify(record.summary),
    record.reason ?? '',
    record.request_id ?? '',
  ];
}

/**
 * The log as CSV in UTF-8 with a byte order mark (so Excel reads Arabic right), headers in the
 * reader's language, times as wall-clock times of APP_TIMEZONE; streamed as the rows are read.
 */
export function auditCsv(records: AsyncIterable<AuditLogRecord>, language: Language, timeZone: string): Readable {
  const header = COLUMNS.map((column) => translate(language, `audit.csv.${column}`, { zone: timeZone }));
  async function* lines() {
    yield `\uFEFF${toCsv([header])}\r\n`;
    let batch: (string | number)[][] = [];
    for await (const record of records) {
      batch.push(cellsOf(record, language, timeZone));
      if (batch.length === 500) {
        yield `${toCsv(batch)}\r\n`;
        batch = [];
      }
    }
    if (batch.length > 0) yield `${toCsv(batch)}\r\n`;
  }
  return Readable.from(lines());
}
