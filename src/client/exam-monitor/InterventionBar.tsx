import { Box, Button, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { InterventionAction } from '../../common/contracts/index';

export type BarAction = InterventionAction | 'extra_time';
const ACTIONS: BarAction[] = ['extend', 'reopen', 'force_submit', 'reset', 'extra_time'];

/** The interventions for the students chosen (or the class or school shown), each opening its dialog. */
export function InterventionBar({
  targetLabel,
  disabled,
  allowExtraTime,
  onAction,
}: {
  targetLabel: string;
  disabled: boolean;
  /** Extra time is set for students one by one (not for a class or school). */
  allowExtraTime: boolean;
  onAction: (action: BarAction) => void;
}) {
  const translate = useTranslate();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="intervention-bar-heading"
      sx={{ p: 2, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 200 }}>
        <Typography variant="subtitle1" component="h2" id="intervention-bar-heading" sx={{ fontWeight: 600 }}>
          {translate('exam_day.monitor.interventions')}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="intervention-target">
          {disabled ? translate('exam_day.monitor.choose_target') : targetLabel}
        </Typography>
      </Box>
      {ACTIONS.filter((action) => action !== 'extra_time' || allowExtraTime).map((action) => (
        <Button
          key={action}
          variant="outlined"
          color={action === 'reset' || action === 'force_submit' ? 'error' : 'primary'}
          disabled={disabled}
          onClick={() => onAction(action)}
        >
          {translate(`exam_day.actions.${action}`)}
        </Button>
      ))}
    </Paper>
  );
}
