import { Typography } from '@mui/material';
import { DataTable, useTranslate } from 'react-admin';
import type { AuditLogRecord } from '../../common/contracts/index';
import { formatDateTime } from '../format';
import { useLanguage } from '../i18n/recordName';
import { AuditSummary } from './AuditSummary';
import { useAuditLabels } from './useAuditLabels';

const Column = DataTable.Col<AuditLogRecord>;
const noWrap = { whiteSpace: 'nowrap' } as const;

/** The log's entries, newest first: when, who, what, on what, which school, why, and a short summary. */
export function AuditLogTable() {
  const translate = useTranslate();
  const language = useLanguage();
  const labels = useAuditLabels();
  return (
    <DataTable<AuditLogRecord>
      bulkActionButtons={false}
      rowClick={false}
      empty={<Typography sx={{ p: 3 }}>{translate('audit.page.empty')}</Typography>}
    >
      <Column
        source="at"
        label="audit.columns.at"
        cellSx={() => noWrap}
        render={(record) => formatDateTime(record.at, language)}
      />
      <Column
        source="actor"
        label="audit.columns.actor"
        disableSort
        render={(record) => (
          <>
            {labels.actor(record)}
            {record.actor?.email && (
              // The address or username as it was then, left to right in either language.
              <Typography component="bdi" dir="ltr" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                {record.actor.email}
              </Typography>
            )}
          </>
        )}
      />
      <Column
        source="action"
        label="audit.columns.action"
        disableSort
        render={(record) => <span title={record.action}>{labels.action(record.action)}</span>}
      />
      <Column
        source="target"
        label="audit.columns.target"
        disableSort
        render={(record) => <span title={record.target}>{labels.target(record)}</span>}
      />
      <Column source="school" label="audit.columns.school" disableSort render={labels.school} />
      <Column source="reason" label="audit.columns.reason" disableSort render={(record) => record.reason ?? ''} />
      <Column
        source="summary"
        label="audit.columns.summary"
        disableSort
        render={(record) => <AuditSummary record={record} />}
      />
    </DataTable>
  );
}
