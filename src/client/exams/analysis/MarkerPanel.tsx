import { Alert, AlertTitle, Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ItemAnalysisReport, MarkerAgreementReport } from '../../../common/contracts/index';
import { useStatisticFormat } from './useStatisticFormat';

/** Agreement of double marking: markers who drift, then agreement by question and by pair of markers. */
export function MarkerPanel({
  markers,
  limits,
}: {
  markers: MarkerAgreementReport;
  limits: ItemAnalysisReport['limits'];
}) {
  const translate = useTranslate();
  const { number, share, language } = useStatisticFormat();
  const t = (key: string) => translate(`item_analysis.markers.${key}`);
  const reasons = new Intl.ListFormat(language, { type: 'conjunction' });
  const hasParts = markers.questions.some((question) => question.part !== '');
  const heading = (key: string) => (
    <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
      {t(key)}
    </Typography>
  );
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="marker-help">
        {translate('item_analysis.markers.help', {
          answers: number(limits.drift_min_answers, 0),
          share: share(limits.drift_mean_difference),
          close: share(limits.drift_min_close),
        })}
      </Typography>
      {markers.questions.length === 0 ? (
        <Alert severity="info">{t('none')}</Alert>
      ) : (
        <>
          {markers.drift.length > 0 && (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="marker-drift">
              <AlertTitle>{t('drifting')}</AlertTitle>
              <Box component="ul" sx={{ m: 0, paddingInlineStart: 2 }}>
                {markers.drift.map((drift) => (
                  <li key={drift.marker.id}>
                    <bdi>{drift.marker.name}</bdi>:{' '}
                    {reasons.format(drift.reasons.map((reason) => t(`drift_reasons.${reason}`)))} (
                    {t('mean_difference')}: {number(drift.mean_difference)})
                  </li>
                ))}
              </Box>
            </Alert>
          )}
          {heading('per_question')}
          <Table size="small" data-testid="marker-questions">
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                {hasParts && <TableCell>{t('part')}</TableCell>}
                {['answers', 'exact', 'adjacent', 'kappa', 'icc'].map((column) => (
                  <TableCell key={column}>{t(column)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {markers.questions.map((question) => (
                <TableRow key={`${question.id}-${question.part}`}>
                  <TableCell>{number(question.position, 0)}</TableCell>
                  {hasParts && (
                    <TableCell>{question.part_number === null ? '' : number(question.part_number, 0)}</TableCell>
                  )}
                  <TableCell>{number(question.n, 0)}</TableCell>
                  <TableCell>{share(question.exact)}</TableCell>
                  <TableCell>{share(question.adjacent)}</TableCell>
                  <TableCell>{number(question.kappa)}</TableCell>
                  <TableCell>{number(question.icc)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {heading('per_pair')}
          <Table size="small" data-testid="marker-pairs">
            <TableHead>
              <TableRow>
                {['pair', 'answers', 'exact', 'adjacent', 'kappa', 'icc', 'mean_difference'].map((column) => (
                  <TableCell key={column}>{t(column)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {markers.pairs.map((pair) => (
                <TableRow key={`${pair.first.id}-${pair.second.id}`}>
                  <TableCell>
                    <bdi>{pair.first.name}</bdi> – <bdi>{pair.second.name}</bdi>
                  </TableCell>
                  <TableCell>{number(pair.n, 0)}</TableCell>
                  <TableCell>{share(pair.exact)}</TableCell>
                  <TableCell>{share(pair.adjacent)}</TableCell>
                  <TableCell>{number(pair.kappa)}</TableCell>
                  <TableCell>{number(pair.icc)}</TableCell>
                  <TableCell>{number(pair.mean_difference)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </>
  );
}
