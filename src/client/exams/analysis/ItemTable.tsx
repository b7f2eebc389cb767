import {
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ItemStatisticsRow } from '../../../common/contracts/index';
import { ItemOptions } from './ItemOptions';
import { useStatisticFormat } from './useStatisticFormat';

const COLUMNS = [
  'max',
  'mean',
  'facility',
  'item_rest',
  'item_total',
  'alpha_if_deleted',
  'discrimination',
  'flags_title',
] as const;

/**
 * One row per question: facility, discrimination, reliability without it, flags, and the options
 * chosen by all, the upper and the lower group. With too few attempts (`unstable`: the exam's, or a
 * question's own), facility and item–rest r carry their 95% intervals and nothing is flagged; an
 * adaptive exam's questions are not judged (`judged: false`): no flag and no "OK".
 */
export function ItemTable({
  items,
  unstable,
  groupShare,
  judged = true,
}: {
  items: ItemStatisticsRow[];
  unstable: boolean | ((item: ItemStatisticsRow) => boolean);
  groupShare: number;
  judged?: boolean;
}) {
  const translate = useTranslate();
  const hasOptions = items.some((item) => item.options);
  return (
    <>
      {/* The three shares of each option ("75% / 83% / 67%") read only with this legend. */}
      {hasOptions && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="options-legend">
          {translate('item_analysis.options_legend')}
        </Typography>
      )}
      <TableContainer>
        <Table size="small" data-testid="item-table">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>{translate('item_analysis.question')}</TableCell>
              {COLUMNS.map((column) => (
                <TableCell key={column}>{translate(`item_analysis.${column}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item) => (
              <ItemRow
                key={item.id}
                item={item}
                unstable={typeof unstable === 'function' ? unstable(item) : unstable}
                judged={judged}
                groupShare={groupShare}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

function ItemRow({
  item,
  unstable,
  judged,
  groupShare,
}: {
  item: ItemStatisticsRow;
  unstable: boolean;
  judged: boolean;
  groupShare: number;
}) {
  const translate = useTranslate();
  const { number, interval } = useStatisticFormat();
  /** A figure, and under it its interval while the figures are unstable. */
  const withInterval = (value: number | null, ci: [number, number] | null) => (
    <>
      {number(value)}
      {unstable && ci && (
        <Typography variant="caption" color="text.secondary" component="div" data-testid="interval">
          {interval(ci)}
        </Typography>
      )}
    </>
  );
  return (
    <TableRow data-testid="item-row" sx={{ verticalAlign: 'top' }}>
      <TableCell>{number(item.position, 0)}</TableCell>
      <TableCell sx={{ maxWidth: 420, minWidth: 220 }}>
        <Typography variant="body2" dir="auto">
          {item.text}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {translate(`question_editor.kinds.${item.answer_type}`)}
        </Typography>
        {item.options && <ItemOptions item={item} groupShare={groupShare} />}
      </TableCell>
      <TableCell>{number(item.max)}</TableCell>
      <TableCell>{number(item.mean)}</TableCell>
      <TableCell>{withInterval(item.facility, item.facility_ci)}</TableCell>
      <TableCell>{withInterval(item.item_rest_correlation, item.item_rest_ci)}</TableCell>
      <TableCell>{number(item.item_total_correlation)}</TableCell>
      <TableCell>{number(item.alpha_if_deleted, 3)}</TableCell>
      <TableCell>{number(item.discrimination_index)}</TableCell>
      <TableCell>
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {unstable ? (
            <Chip size="small" color="info" label={translate('item_analysis.unstable')} />
          ) : !judged ? null : item.flags.length === 0 ? (
            <Chip size="small" color="success" variant="outlined" label={translate('item_analysis.ok')} />
          ) : (
            item.flags.map((flag) => (
              <Chip key={flag} size="small" color="warning" label={translate(`item_analysis.flags.${flag}`)} />
            ))
          )}
        </Stack>
      </TableCell>
    </TableRow>
  );
}
