import { Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import type { TierCount } from '../../common/contracts/index';
import { useLanguage } from '../i18n/recordName';
import { TIER_COLOURS } from './chartDirection';
import { formatCount, formatPercent } from './formatFigures';

/** Students by attainment tier: a donut and its legend (the legend is page text, so it follows the page's direction). */
export function TiersChart({ tiers }: { tiers: TierCount[] }) {
  const translate = useTranslate();
  const language = useLanguage();
  const data = tiers.map((tier) => ({ ...tier, name: translate(`web_reports.tiers.${tier.key}`) }));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Box dir="ltr" sx={{ width: 240, height: 240 }}>
        <ResponsiveContainer width="100%" height="100%">
          <PieChart>
            <Pie
              data={data}
              dataKey="count"
              nameKey="name"
              innerRadius={60}
              outerRadius={100}
              startAngle={90}
              endAngle={-270}
              isAnimationActive={false}
            >
              {data.map((tier) => (
                <Cell key={tier.key} fill={TIER_COLOURS[tier.key]} />
              ))}
            </Pie>
            <Tooltip formatter={(value) => formatCount(Number(value), language)} />
          </PieChart>
        </ResponsiveContainer>
      </Box>
      <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="tiers-legend">
        {data.map((tier) => (
          <Box component="li" key={tier.key} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box sx={{ width: 14, height: 14, borderRadius: '3px', bgcolor: TIER_COLOURS[tier.key] }} />
            <Typography>
              {tier.name}: {formatCount(tier.count, language)} ({formatPercent(tier.share, language)})
            </Typography>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
