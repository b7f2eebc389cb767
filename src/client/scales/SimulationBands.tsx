import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SimulationBand } from '../../common/statistics/index';
import { formatStatistic } from '../format';
import { useLanguage } from '../i18n/recordName';

const COLUMNS = ['band', 'students', 'mean_length', 'mean_se', 'bias', 'rmse'] as const;

/** What each band of true ability got: students, mean length, mean SE, bias and RMSE; the outer bands open-ended. */
export function SimulationBands({ bands }: { bands: SimulationBand[] }) {
  const translate = useTranslate();
  const language = useLanguage();
  const t = (key: string, options?: object) => translate(`calibrations.simulator.${key}`, options);
  const num = (value: number, digits = 2) => formatStatistic(value, language, digits);
  const label = ({ from, to }: SimulationBand) =>
    from === null
      ? t('below', { to: num(to ?? 0, 1) })
      : to === null
        ? t('above', { from: num(from, 1) })
        : t('band', { from: num(from, 1), to: num(to, 1) });
  return (
    <Table size="small" sx={{ maxWidth: 960 }} data-testid="simulation-bands">
      <caption style={{ captionSide: 'top', textAlign: 'start', fontWeight: 'bold' }}>{t('bands_caption')}</caption>
      <TableHead>
        <TableRow>
          {COLUMNS.map((column) => (
            <TableCell key={column} component="th" scope="col">
              {t(`columns.${column}`)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {bands.map((band) => (
          <TableRow key={`${band.from}:${band.to}`} data-testid="band-row">
            <TableCell component="th" scope="row">
              {label(band)}
            </TableCell>
            <TableCell>{num(band.students, 0)}</TableCell>
            <TableCell>{num(band.mean_length, 1)}</TableCell>
            <TableCell>{num(band.mean_se)}</TableCell>
            <TableCell>{num(band.bias, 3)}</TableCell>
            <TableCell>{num(band.rmse, 3)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
