import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { WebReportResults } from '../../common/contracts/index';
import { nameOf, useLanguage } from '../i18n/recordName';
import { formatCount, formatPercent } from './formatFigures';

type Comparative = NonNullable<WebReportResults['comparative']>;

/** The comparative view's figures, one row per school, round or year (what the chart cannot show: counts and tiers). */
export function ComparativeTable({ comparative }: { comparative: Comparative }) {
  const translate = useTranslate();
  const language = useLanguage();
  const t = (key: string) => translate(`web_reports.${key}`);
  return (
    <Table size="small" data-testid="comparative-table">
      <TableHead>
        <TableRow>
          <TableCell>{t(`comparative.${comparative.by}`)}</TableCell>
          <TableCell>{t('participation.assigned')}</TableCell>
          <TableCell>{t('participation.completed')}</TableCell>
          <TableCell>{t('participation.non_submitters')}</TableCell>
          <TableCell>{t('average')}</TableCell>
          {(['below', 'within', 'above'] as const).map((tier) => (
            <TableCell key={tier}>{t(`tiers.${tier}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {comparative.groups.map((group) => (
          <TableRow key={group.id}>
            <TableCell>{nameOf(group, language)}</TableCell>
            <TableCell>{formatCount(group.figures.participation.assigned, language)}</TableCell>
            <TableCell>{formatCount(group.figures.participation.completed, language)}</TableCell>
            <TableCell>{formatCount(group.figures.participation.non_submitters, language)}</TableCell>
            <TableCell>{formatPercent(group.figures.average, language)}</TableCell>
            {group.figures.tiers.map((tier) => (
              <TableCell key={tier.key}>
                {formatCount(tier.count, language)} ({formatPercent(tier.share, language)})
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
