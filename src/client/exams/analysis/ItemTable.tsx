import { Box, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ItemStatisticsRow } from '../../../common/contracts/index';
import { useLanguage } from '../../i18n/recordName';
import { formatShare, formatStatistic } from './formatStatistic';

/** One row per question: facility, discrimination, flags, and the options chosen by all, the upper and the lower group. */
export function ItemTable({ items }: { items: ItemStatisticsRow[] }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`item_analysis.${key}`);
  const hasOptions = items.some((item) => item.options);
  return (
    <>
      {/* The three shares of each option ("75% / 83% / 67%") read only with this legend. */}
      {hasOptions && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="options-legend">
          {t('options_legend')}
        </Typography>
      )}
      <Table size="small" data-testid="item-table">
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>{t('question')}</TableCell>
            <TableCell>{t('max')}</TableCell>
            <TableCell>{t('mean')}</TableCell>
            <TableCell>{t('facility')}</TableCell>
            <TableCell>{t('item_rest')}</TableCell>
            <TableCell>{t('discrimination')}</TableCell>
            <TableCell>{t('flags_title')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <ItemRow key={item.id} item={item} />
          ))}
        </TableBody>
      </Table>
    </>
  );
}

function ItemRow({ item }: { item: ItemStatisticsRow }) {
  const translate = useTranslate();
  const language = useLanguage();
  const number = (value: number | null, digits = 2) => formatStatistic(value, language, digits);
  return (
    <TableRow data-testid="item-row" sx={{ verticalAlign: 'top' }}>
      <TableCell>{number(item.position, 0)}</TableCell>
      <TableCell sx={{ maxWidth: 420 }}>
        <Typography variant="body2" dir="auto">
          {item.text}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {translate(`question_editor.kinds.${item.answer_type}`)}
        </Typography>
        {item.options && <Options item={item} />}
      </TableCell>
      <TableCell>{number(item.max)}</TableCell>
      <TableCell>{number(item.mean)}</TableCell>
      <TableCell>{number(item.facility)}</TableCell>
      <TableCell>{number(item.item_rest_correlation)}</TableCell>
      <TableCell>{number(item.discrimination_index)}</TableCell>
      <TableCell>
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {item.flags.length === 0 ? (
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

/** Distractor analysis: each option's share overall, in the upper 27% and in the lower 27%. */
function Options({ item }: { item: ItemStatisticsRow }) {
  const translate = useTranslate();
  const language = useLanguage();
  const share = (value: number) => formatShare(value, language);
  return (
    <Box component="ul" sx={{ m: 0, mt: 0.5, ps: 2 }} aria-label={translate('item_analysis.options')}>
      {item.options!.map((option) => (
        <Typography component="li" variant="caption" key={option.id} sx={{ display: 'list-item' }}>
          <bdi>{item.answer_type === 'true_false' ? translate(`item_analysis.values.${option.id}`) : option.text}</bdi>
          {option.correct && ` (${translate('item_analysis.correct')})`}: {share(option.share)} /{' '}
          {share(option.upper_share)} / {share(option.lower_share)}
        </Typography>
      ))}
      {item.omitted_share !== null && item.omitted_share > 0 && (
        <Typography component="li" variant="caption" sx={{ display: 'list-item' }}>
          {translate('item_analysis.omitted')}: {share(item.omitted_share)}
        </Typography>
      )}
    </Box>
  );
}
