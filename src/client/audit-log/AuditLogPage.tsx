import { Typography } from '@mui/material';
import { List, TopToolbar, useTranslate } from 'react-admin';
import { PageHeading } from '../components/PageHeading';
import { ListPagination, PAGE_SIZE } from '../components/ListPagination';
import { listLayoutSx } from '../components/listLayout';
import { AuditLogTable } from './AuditLogTable';
import { ExportAuditLogButton } from './ExportAuditLogButton';
import { useAuditLogFilters } from './useAuditLogFilters';

/**
 * The one audit log of consequential actions (issue 26), newest first, with its filters and a CSV
 * export of what they keep. schemas/audit-log.ts hangs it in the system settings for admins.
 */
export default function AuditLogPage() {
  const translate = useTranslate();
  const filters = useAuditLogFilters();
  return (
    <>
      <PageHeading title={translate('audit.page.title')} />
      <Typography sx={{ mb: 1, maxWidth: 960 }}>{translate('audit.page.intro')}</Typography>
      <List
        sx={listLayoutSx}
        resource="audit-log"
        sort={{ field: 'at', order: 'DESC' }}
        perPage={PAGE_SIZE}
        pagination={<ListPagination />}
        filters={filters}
        actions={
          <TopToolbar>
            <ExportAuditLogButton />
          </TopToolbar>
        }
        empty={false}
        exporter={false}
        title={false}
      >
        <AuditLogTable />
      </List>
    </>
  );
}
