import { Alert, Box, CircularProgress, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useRecordName } from '../i18n/recordName';
import { usePlatformSelection } from './PlatformProvider';

/** Platform buttons above a platform-scoped list (SPEC section 2): spinner, error, or one button per platform. */
export function PlatformSelector() {
  const translate = useTranslate();
  const name = useRecordName();
  const selection = usePlatformSelection();
  if (!selection) return null;
  const label = translate('settings.platform');

  if (selection.status === 'loading') {
    return <CircularProgress size={28} aria-label={translate('ra.page.loading')} sx={{ my: 1 }} />;
  }
  if (selection.status === 'error') {
    return (
      <Alert severity="error" data-testid="platform-error" sx={{ my: 1 }}>
        {translate('settings.fetch_error')}
      </Alert>
    );
  }
  if (selection.platforms.length === 0) {
    return <Typography color="text.secondary">{translate('settings.no_data')}</Typography>;
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, my: 1 }}>
      <Typography component="span" color="text.secondary">
        {label}
      </Typography>
      <ToggleButtonGroup
        exclusive
        color="primary"
        size="small"
        aria-label={label}
        data-testid="platform-selector"
        value={selection.selected?.id ?? null}
        // A second click on the selected button would clear it; a platform list always has one.
        onChange={(_, id: number | null) => id !== null && selection.select(id)}
      >
        {selection.platforms.map((platform) => (
          <ToggleButton key={platform.id} value={platform.id} sx={{ textTransform: 'none', px: 2 }}>
            {name(platform)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}

/** The selected platform named on forms, which act on it but do not change it. */
export function SelectedPlatform() {
  const translate = useTranslate();
  const name = useRecordName();
  const selection = usePlatformSelection();
  if (!selection?.selected) return null;
  return (
    <Typography color="text.secondary" data-testid="selected-platform" sx={{ mb: 1 }}>
      {translate('settings.platform')}: <strong>{name(selection.selected)}</strong>
    </Typography>
  );
}
