import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { isolate } from '../../media';
import { formatCount } from '../format';
import type { MapEntry } from './QuestionMap';

interface SubmitPageProps {
  entries: MapEntry[];
  onSelect: (id: number) => void;
  onSubmit: () => void;
  submitting: boolean;
}

/** The last page: what is unanswered or flagged, and the submission behind a confirmation. */
export function SubmitPage({ entries, onSelect, onSubmit, submitting }: SubmitPageProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  const textId = useId();
  const numbered = entries.map((entry, index) => ({ ...entry, number: formatCount(index + 1, locale) }));
  const unanswered = numbered.filter((entry) => !entry.answered);
  const flagged = numbered.filter((entry) => entry.flagged);
  const answered = entries.length - unanswered.length;

  const list = (items: typeof numbered, label: string) => (
    <Box
      component="ul"
      aria-label={label}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', gap: 1, flexWrap: 'wrap' }}
    >
      {items.map((entry) => (
        <li key={entry.id}>
          <Button variant="outlined" size="small" onClick={() => onSelect(entry.id)}>
            {translate('student.player.question_number', { number: isolate(entry.number) })}
          </Button>
        </li>
      ))}
    </Box>
  );

  return (
    <Box
      component="section"
      aria-labelledby="submit-page-heading"
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Typography variant="h5" component="h2" id="submit-page-heading" tabIndex={-1}>
        {translate('student.player.submit_page.title')}
      </Typography>
      <Typography>
        {translate('student.player.submit_page.summary', {
          smart_count: entries.length,
          answered: isolate(formatCount(answered, locale)),
          total: isolate(formatCount(entries.length, locale)),
        })}
      </Typography>
      {unanswered.length > 0 ? (
        <Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            {translate('student.player.submit_page.unanswered')}
          </Typography>
          {list(unanswered, translate('student.player.submit_page.unanswered'))}
        </Box>
      ) : (
        <Alert severity="success">{translate('student.player.submit_page.all_answered')}</Alert>
      )}
      {flagged.length > 0 && (
        <Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            {translate('student.player.submit_page.flagged')}
          </Typography>
          {list(flagged, translate('student.player.submit_page.flagged'))}
        </Box>
      )}
      <Box>
        <Button variant="contained" size="large" onClick={() => setConfirming(true)} disabled={submitting}>
          {translate('student.player.submit')}
        </Button>
      </Box>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby={titleId}
        aria-describedby={textId}
      >
        <DialogTitle id={titleId}>{translate('student.player.confirm.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>
            {unanswered.length > 0
              ? translate('student.player.confirm.unanswered', {
                  smart_count: unanswered.length,
                  count: isolate(formatCount(unanswered.length, locale)),
                })
              : translate('student.player.confirm.all_answered')}{' '}
            {translate('student.player.confirm.final')}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} autoFocus>
            {translate('student.player.confirm.cancel')}
          </Button>
          <Button
            variant="contained"
            onClick={() => {
              setConfirming(false);
              onSubmit();
            }}
          >
            {translate('student.player.confirm.submit')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
