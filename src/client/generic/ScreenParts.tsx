import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useGetOne, useTranslate, type Identifier } from 'react-admin';
import { PageHeading } from '../components/PageHeading';
import { useRecordName } from '../i18n/recordName';
import { usePlatformSelection } from '../platforms';
import { labelKeys } from './screen-config';
import { useScreen } from './ScreenContext';

/**
 * The page heading and document title of a resource screen: its plural name, or `titleKey` with
 * the singular and a way back to the list (add and edit pages).
 */
export function ScreenHeading({ titleKey }: { titleKey?: string }) {
  const translate = useTranslate();
  const { definition, paths } = useScreen();
  const keys = labelKeys(definition.name);
  const plural = translate(keys.name, { smart_count: 2 });
  if (!titleKey) return <PageHeading title={translate(keys.title, { _: plural })} />;
  const title = translate(titleKey, { name: translate(keys.name, { smart_count: 1 }) });
  return (
    <PageHeading
      title={title}
      back={{
        to: paths.list,
        label: translate('settings.back_to', { name: plural }),
      }}
    />
  );
}

/**
 * The heading of a record shown without its form (a school to staff who manage its classes): its
 * name, or the resource's singular name while it loads, with a way back to the list.
 */
export function RecordHeading({ id }: { id: Identifier }) {
  const translate = useTranslate();
  const nameOf = useRecordName();
  const { definition, paths } = useScreen();
  const keys = labelKeys(definition.name);
  const { data, error } = useGetOne(definition.name, { id });
  return (
    <>
      <PageHeading
        title={data ? nameOf(data) : translate(keys.name, { smart_count: 1 })}
        back={{
          to: paths.list,
          label: translate('settings.back_to', { name: translate(keys.name, { smart_count: 2 }) }),
        }}
      />
      {error ? <FetchErrorMessage /> : null}
    </>
  );
}

/** SPEC section 6: shown instead of a list or form the user may not see. */
export function NoAccessMessage() {
  const translate = useTranslate();
  return (
    <Alert severity="warning" data-testid="no-access">
      {translate('errors.forbidden')}
    </Alert>
  );
}

/** SPEC section 6: the user may look but not add, edit or delete. */
export function ReadOnlyNotice() {
  const translate = useTranslate();
  return (
    <Alert severity="info" data-testid="read-only" sx={{ mb: 1 }}>
      {translate('settings.read_only')}
    </Alert>
  );
}

/** The list's message when records could not be fetched (SPEC section 8). */
export function FetchErrorMessage() {
  const translate = useTranslate();
  return (
    <Alert severity="error" data-testid="fetch-error" sx={{ m: 2 }}>
      {translate('settings.fetch_error')}
    </Alert>
  );
}

/** The list's message when there is nothing to show (SPEC section 8). */
export function NoDataMessage() {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" data-testid="no-data" sx={{ p: 3, textAlign: 'center' }}>
      {translate('settings.no_data')}
    </Typography>
  );
}

/**
 * A platform-scoped form waits for the selection (first platform on a deep link) before it
 * can load references or save; the spinner and error match the selector's.
 */
export function PlatformPending() {
  const translate = useTranslate();
  const selection = usePlatformSelection();
  if (selection?.status === 'error') return <Alert severity="error">{translate('settings.fetch_error')}</Alert>;
  if (selection?.status === 'ready')
    return <Typography color="text.secondary">{translate('settings.no_data')}</Typography>;
  return (
    <Box sx={{ py: 2 }}>
      <CircularProgress size={28} aria-label={translate('ra.page.loading')} />
    </Box>
  );
}
