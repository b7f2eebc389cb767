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
  // Each scale any group is measured on: its mean per group, so rounds compare on one scale.
  const scales = [
    ...new Map(comparative.groups.flatMap((group) => group.figures.scales).map((s) => [s.id, s])).values(),
  ];
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
          {scales.map((scale) => (
            <TableCell key={`scale-${scale.id}`}>
              {translate('web_reports.scales.comparative_mean', { scale: nameOf(scale, language) })}
            </TableCell>
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
            {scales.map((scale) => {
              const mean = group.figures.scales.find((s) => s.id === scale.id)?.mean_score ?? null;
              return (
                <TableCell key={`scale-${scale.id}`}>{mean === null ? '—' : formatCount(mean, language)}</TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
