import { Box, Chip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ItemStatisticsRow } from '../../../common/contracts/index';
import { useStatisticFormat } from './useStatisticFormat';

/**
 * Distractor analysis: each option's share overall, in the upper and in the lower group, its
 * point-biserial with the rest of the test, and its flags (nobody chose it, it draws strong students).
 */
export function ItemOptions({ item, groupShare }: { item: ItemStatisticsRow; groupShare: number }) {
  const translate = useTranslate();
  const { number, share } = useStatisticFormat();
  return (
    <Box
      component="ul"
      sx={{ m: 0, mt: 0.5, paddingInlineStart: 2 }}
      aria-label={translate('item_analysis.options', { share: share(groupShare) })}
    >
      {item.options!.map((option) => (
        <Typography component="li" variant="caption" key={option.id} sx={{ display: 'list-item' }}>
          <bdi>{item.answer_type === 'true_false' ? translate(`item_analysis.values.${option.id}`) : option.text}</bdi>
          {option.correct && ` (${translate('item_analysis.correct')})`}: {share(option.share)} /{' '}
          {share(option.upper_share)} / {share(option.lower_share)}
          {option.point_biserial !== null &&
            `, ${translate('item_analysis.point_biserial')} = ${number(option.point_biserial)}`}
          {option.flags.map((flag) => (
            <Chip
              key={flag}
              size="small"
              color="warning"
              variant="outlined"
              label={translate(`item_analysis.distractor_flags.${flag}`)}
              sx={{ marginInlineStart: 0.5, height: 20 }}
            />
          ))}
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
