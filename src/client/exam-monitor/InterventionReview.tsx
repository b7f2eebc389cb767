import { Alert, Box, List, ListItem, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { InterventionAction, InterventionOutcome } from '../../common/contracts/index';
import { formatDateTime, formatNumber } from '../format';
import { nameOf, useLanguage } from '../i18n/recordName';

/** What an intervention would do: whom it reaches (a new deadline, what a reset erases) and whom not, and why. */
export function InterventionReview({ action, outcome }: { action: InterventionAction; outcome: InterventionOutcome }) {
  const translate = useTranslate();
  const lang = useLanguage();

  return (
    <Box aria-live="polite" data-testid="intervention-review">
      <Typography variant="subtitle2" component="h3">
        {translate('exam_day.dialog.applies_to', {
          smart_count: outcome.applied.length,
          count: formatNumber(outcome.applied.length, lang),
        })}
      </Typography>
      <List dense>
        {outcome.applied.map((entry) => (
          <ListItem key={entry.assignment_id} sx={{ display: 'list-item' }}>
            {nameOf(entry, lang)}
            {entry.deadline_at &&
              ` — ${translate('exam_day.dialog.new_deadline', { time: formatDateTime(entry.deadline_at, lang) })}`}
            {entry.erases &&
              ` — ${translate('exam_day.dialog.erases', {
                attempts: formatNumber(entry.erases.attempts, lang),
                answers: formatNumber(entry.erases.answers, lang),
                marks: formatNumber(entry.erases.marks, lang),
              })}`}
          </ListItem>
        ))}
      </List>
      {outcome.skipped.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3">
            {translate('exam_day.dialog.skipped', {
              smart_count: outcome.skipped.length,
              count: formatNumber(outcome.skipped.length, lang),
            })}
          </Typography>
          <List dense>
            {outcome.skipped.map((entry) => (
              <ListItem key={entry.assignment_id} sx={{ display: 'list-item' }}>
                {nameOf(entry, lang)} — {translate(`exam_day.skip.${entry.reason}`)}
              </ListItem>
            ))}
          </List>
        </>
      )}
      {action === 'reset' && outcome.applied.length > 0 && (
        <Alert severity="warning">{translate('exam_day.dialog.reset_warning')}</Alert>
      )}
    </Box>
  );
}
