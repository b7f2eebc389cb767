import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import HistoryIcon from '@mui/icons-material/History';
import SaveIcon from '@mui/icons-material/Save';
import { Box, Button, Paper, Typography, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AssignedNeighbours } from '../../../common/contracts/index';
import { formatNumber } from '../../format';
import { useLanguage } from '../../i18n/recordName';

interface CorrectionToolbarProps {
  neighbours: AssignedNeighbours | undefined;
  onPrevious: () => void;
  onNext: () => void;
  canSave: boolean;
  saving: boolean;
  unsaved: number;
  onSave: () => void;
  onAudit?: () => void;
}

/** Stays in view while the marker scrolls: previous and next student, where this one is, and Save. */
export function CorrectionToolbar(props: CorrectionToolbarProps) {
  const { neighbours, onPrevious, onNext, canSave, saving, unsaved, onSave, onAudit } = props;
  const translate = useTranslate();
  const language = useLanguage();
  const rtl = useTheme().direction === 'rtl';
  // Icons are not mirrored by the RTL stylesheet: "previous" points to the start side.
  const PreviousIcon = rtl ? ArrowForwardIcon : ArrowBackIcon;
  const NextIcon = rtl ? ArrowBackIcon : ArrowForwardIcon;
  const t = (key: string, args?: Record<string, unknown>) => translate(`correction_screen.${key}`, args);

  return (
    <Paper
      variant="outlined"
      component="nav"
      aria-label={t('title')}
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: (theme) => theme.zIndex.appBar - 1,
        p: 1,
        mb: 1,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
      }}
    >
      <Button
        startIcon={<PreviousIcon />}
        disabled={!neighbours?.previous}
        onClick={onPrevious}
        data-testid="correction-previous"
      >
        {t('previous')}
      </Button>
      {neighbours?.position != null && (
        <Typography variant="body2" color="text.secondary" data-testid="correction-position">
          {t('position', {
            position: formatNumber(neighbours.position, language),
            total: formatNumber(neighbours.total, language),
          })}
        </Typography>
      )}
      <Button endIcon={<NextIcon />} disabled={!neighbours?.next} onClick={onNext} data-testid="correction-next">
        {t('next')}
      </Button>
      <Box sx={{ flexGrow: 1 }} />
      {unsaved > 0 && (
        <Typography variant="body2" color="warning.main" role="status" data-testid="correction-unsaved">
          {t('unsaved', { count: formatNumber(unsaved, language) })}
        </Typography>
      )}
      {onAudit && (
        <Button startIcon={<HistoryIcon />} onClick={onAudit} data-testid="correction-audit-open">
          {t('audit.action')}
        </Button>
      )}
      {canSave && (
        <Button
          variant="contained"
          startIcon={<SaveIcon />}
          onClick={onSave}
          disabled={saving}
          data-testid="correction-save"
        >
          {t(saving ? 'saving' : 'save')}
        </Button>
      )}
    </Paper>
  );
}
