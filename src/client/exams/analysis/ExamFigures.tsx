import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ItemAnalysisReport } from '../../../common/contracts/index';
import { useStatisticFormat } from './useStatisticFormat';

/** The exam's figures as cards: attempts, spread, reliability (with its 95% interval) and SEM. */
export function ExamFigures({ exam }: { exam: ItemAnalysisReport['exam'] }) {
  const translate = useTranslate();
  const { number, interval } = useStatisticFormat();
  const figures: [key: string, value: string, note?: string | null][] = [
    ['attempts', number(exam.attempts, 0)],
    ['max', number(exam.max)],
    ['mean', number(exam.mean)],
    ['median', number(exam.median)],
    ['sd', number(exam.sd)],
    ['range', `${number(exam.min)} – ${number(exam.highest)}`],
    ['alpha', number(exam.alpha, 3), interval(exam.alpha_ci)],
    ['sem', number(exam.sem)],
  ];
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))', gap: 2, mb: 2 }}
      data-testid="exam-statistics"
    >
      {figures.map(([key, value, note]) => (
        <Card key={key} variant="outlined" data-testid={`exam-figure-${key}`}>
          <CardContent>
            <Typography variant="body2" color="text.secondary">
              {translate(`item_analysis.exam.${key}`)}
            </Typography>
            <Typography variant="h5" component="p">
              {value}
            </Typography>
            {note && (
              <Typography variant="caption" color="text.secondary">
                {note}
              </Typography>
            )}
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
