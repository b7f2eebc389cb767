import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import { Box, Chip, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatNumber } from '../../format';
import { countryName } from '../../../common/countries';
import type { ExamPreview } from '../types';
import { useLanguage } from '../../i18n/recordName';

/** A duration in minutes as the exam's clock shows it at the start: 45 -> "45:00", 90 -> "1:30:00". */
export function clockText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = String(minutes % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${rest}:00` : `${minutes}:00`;
}

/** The exam's name, its clock (from the duration), total mark, question count and, when localized, its countries. */
export function PreviewSummary({ preview }: { preview: ExamPreview }) {
  const translate = useTranslate();
  const language = useLanguage();
  const { exam, localization } = preview;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap' }}>
      <Box sx={{ flexGrow: 1 }}>
        <Typography variant="h5" component="h2">
          {language === 'ar' ? exam.name_ar : exam.name_en}
        </Typography>
        {localization && (
          <Typography color="text.secondary">
            {translate('exams.preview.localization', {
              name: localization.name,
              countries: new Intl.ListFormat(language).format(
                localization.countries.map((code) => countryName(code, language)),
              ),
            })}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="preview-clock">
        <TimerOutlinedIcon color="primary" />
        <Typography
          component="span"
          sx={{ fontSize: '1.5rem', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
          dir="ltr"
          aria-label={translate('exams.preview.duration', { minutes: exam.duration_minutes })}
        >
          {clockText(exam.duration_minutes)}
        </Typography>
      </Box>
      <Chip label={translate('exams.preview.total_mark', { mark: formatNumber(exam.total_mark, language) })} />
      <Chip
        label={translate('exams.preview.questions_count', { count: formatNumber(exam.questions_count, language) })}
      />
    </Paper>
  );
}
