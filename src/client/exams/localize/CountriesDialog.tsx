import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNotifyResult } from '../../components/useNotifyResult';
import { useAppDataProvider } from '../../providers/appDataProvider';
import type { ExamLocalization } from '../types';
import { cacheCountries } from './countryCache';
import { CountriesInput } from './CountriesInput';

/** Changes only a localized exam's countries (`POST /exam-localization/{id}/countries`), published or not. */
export function CountriesDialog({
  localization,
  onClose,
  onSaved,
}: {
  localization: ExamLocalization;
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotifyResult('exams.notifications');
  const dataProvider = useAppDataProvider();
  const [countries, setCountries] = useState(localization.countries);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    try {
      await dataProvider.setLocalizationCountries(localization.id, countries);
      cacheCountries(countries);
      notify.say('countries_updated');
      onSaved();
      onClose();
    } catch (error) {
      await notify.fail('countries_update_error', error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="countries-dialog-title">
      <DialogTitle id="countries-dialog-title">{translate('exams.localize.change_countries')}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <CountriesInput
          value={countries}
          onChange={setCountries}
          error={countries.length === 0 ? 'exams.errors.countries_required' : undefined}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={busy || countries.length === 0} onClick={() => void save()}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
