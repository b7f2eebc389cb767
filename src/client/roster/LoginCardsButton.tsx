import BadgeIcon from '@mui/icons-material/Badge';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Typography,
} from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useLocaleState, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { LANGUAGES, type Language } from '../../../locales/languages';
import { useAppDataProvider } from '../providers/appDataProvider';
import type { CardsPreview } from '../providers/rosterMethods';
import { useDownload } from '../components/import-flow';
import { errorMessage } from '../providers/errors';
import { formatNumber } from '../format';

const CARDS_LABEL: Record<Language, string> = { en: 'roster.cards.print_en', ar: 'roster.cards.print_ar' };

/**
 * A class's login cards as a PDF in English or Arabic (issue 41). The dialog first says what
 * printing does, counted by the server: how many students get a first password, how many have an
 * earlier card never used (they keep its password and their new card shows the username only,
 * unless the reader asks to replace them, which voids those cards), and how many have signed in.
 */
export function LoginCardsButton() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const record = useRecordContext();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const { pending, download } = useDownload();
  const [open, setOpen] = useState(false);
  const [preview, setPreview] = useState<CardsPreview | null>(null);
  const [replace, setReplace] = useState(false);
  const titleId = useId();
  const classId = Number(record?.id);
  useEffect(() => {
    if (!open) return;
    let current = true;
    setPreview(null);
    setReplace(false);
    dataProvider.classLoginCardsPreview(classId).then(
      ({ data }) => current && setPreview(data),
      (error: unknown) => {
        if (!current) return;
        setOpen(false);
        notify(errorMessage(error), { type: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [open, classId, dataProvider, notify]);
  if (!record) return null;
  const count = (value: number) => formatNumber(value, locale as Language);
  const print = (language: Language) => {
    setOpen(false);
    void download(language, () => dataProvider.classLoginCards(classId, language, replace));
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<BadgeIcon />}
        loading={pending !== null}
        loadingPosition="start"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="login-cards"
      >
        {translate('roster.cards.print')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>
          {translate('roster.cards.dialog_title', {
            class: String((locale === 'ar' ? record.name_ar : record.name_en) || record.name_en || ''),
          })}
        </DialogTitle>
        <DialogContent data-testid="login-cards-preview">
          {preview === null ? (
            <Typography role="status">{translate('roster.cards.loading')}</Typography>
          ) : (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
              <Typography>{translate('roster.cards.counts', { students: count(preview.students) })}</Typography>
              <Box component="ul" sx={{ m: 0, ps: 3 }}>
                <li>{translate('roster.cards.new_count', { count: count(preview.new) })}</li>
                <li>{translate('roster.cards.printed_count', { count: count(preview.printed) })}</li>
                <li>{translate('roster.cards.signed_in_count', { count: count(preview.signed_in) })}</li>
              </Box>
              {preview.printed > 0 && (
                <>
                  <Typography color="text.secondary">{translate('roster.cards.keep_explained')}</Typography>
                  <FormControlLabel
                    control={<Checkbox checked={replace} onChange={(event) => setReplace(event.target.checked)} />}
                    label={translate('roster.cards.replace', { count: count(preview.printed) })}
                  />
                  {replace && (
                    <Alert severity="warning" role="alert">
                      {translate('roster.cards.replace_warning', { count: count(preview.printed) })}
                    </Alert>
                  )}
                </>
              )}
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('roster.cards.cancel')}</Button>
          {LANGUAGES.map((language) => (
            <Button key={language} variant="contained" disabled={preview === null} onClick={() => print(language)}>
              {translate(CARDS_LABEL[language])}
            </Button>
          ))}
        </DialogActions>
      </Dialog>
    </>
  );
}
