import { Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DifComparison } from '../../../common/contracts/index';
import { useStatisticFormat } from './useStatisticFormat';

type DifItem = DifComparison['focal'][number]['items'][number];

const RANK = { C: 0, B: 1, A: 2 } as const;
const rank = (item: DifItem) => (item.category ? RANK[item.category] : 3);

/** A chip per ETS category: C stands out, B is outlined, A stays quiet. */
const CHIP = {
  C: { color: 'error', variant: 'filled' },
  B: { color: 'warning', variant: 'outlined' },
  A: { color: 'default', variant: 'outlined' },
} as const;

/** A focal group's questions, large (C) then moderate (B) DIF first, then the rest by number. */
export function DifItemTable({ items }: { items: DifItem[] }) {
  const translate = useTranslate();
  const { number } = useStatisticFormat();
  const t = (key: string) => translate(`item_analysis.dif.${key}`);
  const sorted = [...items].sort((a, b) => rank(a) - rank(b) || a.position - b.position);
  const large = sorted.filter((item) => item.category === 'C');
  return (
    <>
      {large.length > 0 && (
        <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="dif-flagged">
          {t('flagged')}: {large.map((item) => number(item.position, 0)).join(' · ')}
        </Typography>
      )}
      <Table size="small" sx={{ maxWidth: 720 }} data-testid="dif-table">
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>{t('statistic')}</TableCell>
            <TableCell>{t('category')}</TableCell>
            <TableCell>{t('direction')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sorted.map((item) => (
            <TableRow key={item.id} data-testid="dif-row">
              <TableCell>{number(item.position, 0)}</TableCell>
              <TableCell>
                {number(item.statistic)}{' '}
                <Typography component="span" variant="caption" color="text.secondary">
                  {t(`kinds.${item.kind}`)}
                </Typography>
              </TableCell>
              <TableCell>
                {item.category ? (
                  <Chip size="small" {...CHIP[item.category]} label={t(`categories.${item.category}`)} />
                ) : (
                  '—'
                )}
              </TableCell>
              <TableCell>{item.favours ? t(`favours.${item.favours}`) : '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
