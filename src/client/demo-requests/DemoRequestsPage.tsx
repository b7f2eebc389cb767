import { Typography } from '@mui/material';
import { DataTable, EmailField, List, SearchInput, useLocaleState, useTranslate } from 'react-admin';
import type { Language } from '../../../locales';
import { ListPagination, PAGE_SIZE } from '../components/ListPagination';
import { usePageTitle } from '../components/usePageTitle';
import { formatDateTime } from '../format';
import { countryName } from '../../common/countries';
import { listLayoutSx } from '../components/listLayout';

interface DemoRequest {
  id: number;
  first_name: string;
  last_name: string;
  institute: string;
  email: string;
  country: string;
  created_at: string;
}

/**
 * Requests sent from the landing page; schemas/demo-requests.ts hangs it in the system settings,
 * behind the demo requests' view permission.
 */
export default function DemoRequestsPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const language = locale as Language;
  usePageTitle('nav.demo_requests');
  // The search box has a placeholder but no visible label: name it for assistive technology.
  const filters = [
    <SearchInput
      key="search"
      source="search"
      alwaysOn
      slotProps={{ htmlInput: { 'aria-label': translate('ra.action.search') } }}
    />,
  ];
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {translate('nav.demo_requests')}
      </Typography>
      <List
        sx={listLayoutSx}
        resource="demo-requests"
        sort={{ field: 'id', order: 'DESC' }}
        perPage={PAGE_SIZE}
        pagination={<ListPagination />}
        filters={filters}
        exporter={false}
        title={false}
      >
        <DataTable<DemoRequest> bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="id" />
          <DataTable.Col source="first_name" />
          <DataTable.Col source="last_name" />
          <DataTable.Col source="institute" />
          <DataTable.Col source="email" field={EmailField} />
          <DataTable.Col source="country" render={(record) => countryName(record.country, language)} />
          <DataTable.Col source="created_at" render={(record) => formatDateTime(record.created_at, language)} />
        </DataTable>
      </List>
    </>
  );
}
