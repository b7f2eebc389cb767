import {
  Alert,
  Box,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ItemAnalysisReport, RaschCalibration } from '../../../common/contracts/index';
import { useStatisticFormat } from './useStatisticFormat';
import { RaschScoreTable } from './RaschScoreTable';
import { ScaleDriftTables } from './ScaleDriftTable';
import { WrightMap } from './WrightMap';

type RaschItem = RaschCalibration['items'][number];

/** The Rasch (or partial credit) calibration: its figures, each question's difficulty and fit, the person–item map. */
export function RaschPanel({
  rasch,
  limits,
  scales = [],
}: {
  rasch: RaschCalibration | null;
  limits: ItemAnalysisReport['limits'];
  /** The questions beside the bank's on each reporting scale. */
  scales?: ItemAnalysisReport['scales'];
}) {
  const translate = useTranslate();
  const { number } = useStatisticFormat();
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="rasch-help">
        {translate('item_analysis.rasch.help', { misfit: number(limits.misfit_above) })}
      </Typography>
      {rasch ? <Calibration rasch={rasch} /> : <Alert severity="info">{translate('item_analysis.rasch.none')}</Alert>}
      <ScaleDriftTables scales={scales} />
    </>
  );
}

function Calibration({ rasch }: { rasch: RaschCalibration }) {
  const translate = useTranslate();
  const { number } = useStatisticFormat();
  const t = (key: string) => translate(`item_analysis.rasch.${key}`);
  const figures = [
    ['model', t(`models.${rasch.model === 'rasch' ? 'dichotomous' : 'partial_credit'}`)],
    ['ability_sd', number(rasch.sd)],
    ['reliability', number(rasch.reliability)],
  ];
  return (
    <>
      {!rasch.converged && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="rasch-not-converged">
          {translate('item_analysis.rasch.not_converged', { iterations: number(rasch.iterations, 0) })}
        </Alert>
      )}
      <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 4, m: 0, mb: 2 }} data-testid="rasch-figures">
        {figures.map(([key, value]) => (
          <div key={key}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t(key)}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0 }}>
              {value}
            </Typography>
          </div>
        ))}
      </Box>
      <TableContainer sx={{ mb: 3 }}>
        <Table size="small" data-testid="rasch-table">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              {['model', 'difficulty', 'se', 'infit', 'outfit', 'misfit'].map((column) => (
                <TableCell key={column}>{t(column)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rasch.items.map((item) => (
              <RaschRow key={item.id} item={item} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <WrightMap map={rasch.map} />
      <RaschScoreTable scores={rasch.scores} />
    </>
  );
}

function RaschRow({ item }: { item: RaschItem }) {
  const translate = useTranslate();
  const { number } = useStatisticFormat();
  return (
    <TableRow data-testid="rasch-row" sx={{ verticalAlign: 'top' }}>
      <TableCell>{number(item.position, 0)}</TableCell>
      <TableCell>{translate(`item_analysis.rasch.models.${item.model}`)}</TableCell>
      {item.extreme ? (
        <TableCell colSpan={5}>
          <Typography variant="body2" color="text.secondary">
            {translate('item_analysis.rasch.extreme')}
          </Typography>
        </TableCell>
      ) : (
        <>
          <TableCell>
            {number(item.difficulty)}
            {item.thresholds.length > 0 && (
              <Typography variant="caption" color="text.secondary" component="div">
                {translate('item_analysis.rasch.thresholds', {
                  steps: item.thresholds.map((step) => number(step)).join(' · '),
                })}
              </Typography>
            )}
          </TableCell>
          <TableCell>{number(item.se)}</TableCell>
          <TableCell>{number(item.infit)}</TableCell>
          <TableCell>{number(item.outfit)}</TableCell>
          <TableCell>
            {item.misfit && <Chip size="small" color="warning" label={translate('item_analysis.rasch.misfit')} />}
          </TableCell>
        </>
      )}
    </TableRow>
  );
}
