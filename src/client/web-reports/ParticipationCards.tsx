import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { WebReportFigures } from '../../common/contracts/index';
import { useLanguage } from '../i18n/recordName';
import { formatCount, formatPercent } from './formatFigures';

const KEYS = ['schools', 'subscribed', 'assigned', 'completed', 'non_submitters'] as const;

/**
 * Participation (SPEC section 3): schools, subscribed, assigned, completed, non-submitters; and the
 * average. Under them, what the counts count, and how many of the completed exams the averages
 * include (those already moved into the reports).
 */
export function ParticipationCards({ figures }: { figures: WebReportFigures }) {
  const translate = useTranslate();
  const language = useLanguage();
  const cards = [
    ...KEYS.map((key) => ({
      key,
      label: translate(`web_reports.participation.${key}`),
      value: formatCount(figures.participation[key], language),
    })),
    { key: 'average', label: translate('web_reports.average'), value: formatPercent(figures.average, language) },
  ];
  return (
    <Box component="section" aria-label={translate('web_reports.participation.title')} sx={{ mb: 2 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))', gap: 2, mb: 1 }}>
        {cards.map((card) => (
          <Card key={card.key} variant="outlined" data-testid={`figure-${card.key}`}>
            <CardContent>
              <Typography variant="body2" color="text.secondary">
                {card.label}
              </Typography>
              <Typography variant="h4" component="p">
                {card.value}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      {figures.participation.completed > 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="included-note">
          {translate('web_reports.included', {
            included: formatCount(figures.results, language),
            completed: formatCount(figures.participation.completed, language),
          })}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" component="p" data-testid="units-note">
        {translate('web_reports.participation.units')}
      </Typography>
    </Box>
  );
}
