import { Alert, Box, Chip, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CorrectionView } from '../../../common/contracts/index';
import { formatDateTime, formatNumber } from '../../format';
import { nameOf, useLanguage } from '../../i18n/recordName';
import { StatusChip } from '../../components/StatusChip';

/** Who is being marked, where the attempt stands, and the marker's role in it. */
export function StudentSummary({ view }: { view: CorrectionView }) {
  const translate = useTranslate();
  const language = useLanguage();
  const t = (key: string, args?: Record<string, unknown>) => translate(`correction_screen.${key}`, args);
  const number = (value: number) => formatNumber(value, language);
  const { student, attempt, result, marker } = view;
  // A blind marker's status and result come from their own marks alone.
  const own = result?.basis === 'own_sheet';
  const place = [nameOf(student.school, language), nameOf(student.school_class, language)].filter(Boolean).join(' · ');

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-label={t('student')}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 2 }}>
        <Typography variant="h5" component="h2" data-testid="correction-student-name">
          {student.name}
        </Typography>
        {place && <Typography color="text.secondary">{place}</Typography>}
      </Box>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {t('exam', { name: nameOf(view.exam, language) })}
        {attempt?.submitted_at && ` · ${t('submitted_at', { date: formatDateTime(attempt.submitted_at, language) })}`}
      </Typography>
      {attempt?.auto_submitted && <Typography color="text.secondary">{t('auto_submitted')}</Typography>}
      {view.localization && (
        <Typography color="text.secondary">{t('localized', { name: view.localization.name })}</Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1.5 }}>
        <StatusChip
          status={view.exam_status}
          label={t('exam_status', { status: nameOf(view.exam_status, language) })}
          data-testid="correction-exam-status"
        />
        {view.student_status && (
          <StatusChip
            status={view.student_status}
            label={t('correction_status', { status: nameOf(view.student_status, language) })}
            data-testid="correction-student-status"
          />
        )}
        <Chip
          size="small"
          color="primary"
          variant="outlined"
          label={t('role', { role: t(`roles.${marker.role}`) })}
          data-testid="correction-marker-role"
          data-role={marker.role}
        />
        {result && (
          <Chip
            size="small"
            label={
              result.complete
                ? t(own ? 'own_result' : 'result', { mark: number(result.mark), max: number(view.exam.max_mark) })
                : t(own ? 'own_result_pending' : 'result_pending', {
                    final: number(result.marking_final),
                    total: number(result.marking_total),
                  })
            }
            data-testid="correction-result"
            data-basis={result.basis}
          />
        )}
        {result?.complete && (
          <Chip
            size="small"
            variant="outlined"
            color={result.passed ? 'success' : 'error'}
            label={t(result.passed ? 'passed' : 'failed')}
          />
        )}
      </Box>
      {attempt && (
        <Alert severity={marker.can_save ? 'info' : 'warning'} sx={{ mt: 1.5 }} data-testid="correction-role-help">
          {t(`role_help.${marker.can_save ? marker.role : 'observer'}`)}
          {own && ` ${t('own_basis')}`}
        </Alert>
      )}
    </Paper>
  );
}
