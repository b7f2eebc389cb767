import { Box, Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ScaleDrift } from '../../../common/contracts/index';
import { nameOf, useLanguage } from '../../i18n/recordName';
import { useStatisticFormat } from './useStatisticFormat';

/**
 * This exam's questions beside the bank's on each reporting scale (issue 42): this exam's own
 * difficulty moved onto the scale, the bank's value, and the drift between them.
 */
export function ScaleDriftTables({ scales }: { scales: ScaleDrift[] }) {
  const translate = useTranslate();
  const language = useLanguage();
  const { number } = useStatisticFormat();
  const t = (key: string, options?: object) => translate(`item_analysis.scales.${key}`, options);
  if (scales.length === 0) return null;
  return (
    <Box sx={{ mb: 3 }} data-testid="scale-drift">
      {scales.map((drift) => (
        <Box key={drift.scale.id} sx={{ mb: 2 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 'bold' }}>
            {t('title', { scale: nameOf(drift.scale, language) })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('help', { shift: number(drift.shift), count: number(drift.items.length, 0) })}
          </Typography>
          <TableContainer>
            <Table size="small" aria-label={t('title', { scale: nameOf(drift.scale, language) })}>
              <TableHead>
                <TableRow>
                  <TableCell>#</TableCell>
                  {['difficulty', 'bank_difficulty', 'drift'].map((column) => (
                    <TableCell key={column}>{t(column)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {drift.items.map((item) => (
                  <TableRow key={item.id} data-testid="scale-drift-row">
                    <TableCell>{number(item.position, 0)}</TableCell>
                    <TableCell>{number(item.difficulty)}</TableCell>
                    <TableCell>
                      {number(item.bank_difficulty)}
                      <Typography variant="caption" color="text.secondary" component="div">
                        {t('calibration', { id: item.calibration_id })}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {number(item.drift)}
                      {item.drifted && <Chip size="small" color="warning" label={t('drifted')} sx={{ ms: 1 }} />}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      ))}
    </Box>
  );
}
