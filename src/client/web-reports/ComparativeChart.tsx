import { Box, Stack, Typography } from '@mui/material';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslate } from 'react-admin';
import type { WebReportResults } from '../../common/contracts/index';
import { nameOf, useLanguage } from '../i18n/recordName';
import { SERIES_COLOURS, useChartDirection } from './chartDirection';
import { formatPercent } from './formatFigures';

type Comparative = NonNullable<WebReportResults['comparative']>;

/**
 * The chosen schools, rounds or years side by side: for each, its average and its average per
 * skill (grouped bars). In Arabic the groups and the bars within each group read from the right.
 */
export function ComparativeChart({ comparative }: { comparative: Comparative }) {
  const translate = useTranslate();
  const language = useLanguage();
  const direction = useChartDirection();
  const skills = new Map<number, string>();
  for (const group of comparative.groups)
    for (const skill of group.figures.skills) skills.set(skill.id, nameOf(skill, language));
  const series = [
    { key: 'average', name: translate('web_reports.average') },
    ...[...skills].map(([id, name]) => ({ key: `skill_${id}`, name })),
  ];
  const data = direction.ordered(
    comparative.groups.map((group) => ({
      name: nameOf(group, language),
      average: group.figures.average ?? 0,
      ...Object.fromEntries(group.figures.skills.map((skill) => [`skill_${skill.id}`, skill.average])),
    })),
  );
  const colour = (index: number) => SERIES_COLOURS[index % SERIES_COLOURS.length];
  return (
    <>
      <div dir="ltr">
        <ResponsiveContainer width="100%" height={320}>
          <BarChart data={data} margin={{ top: 16, right: 16, left: 16, bottom: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="name" interval={0} tick={{ fontSize: 13 }} />
            <YAxis
              orientation={direction.valueAxis}
              domain={[0, 100]}
              tickFormatter={(value: number) => formatPercent(value, language)}
              width={56}
            />
            <Tooltip formatter={(value) => formatPercent(Number(value), language)} />
            {direction.ordered(series).map((entry) => (
              <Bar
                key={entry.key}
                dataKey={entry.key}
                name={entry.name}
                fill={colour(series.indexOf(entry))}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      {/* The legend is page text: in the page's direction and the series' own order, as the bars read. */}
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', justifyContent: 'center', mb: 1 }}
        data-testid="comparative-legend"
      >
        {series.map((entry, index) => (
          <Box key={entry.key} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box sx={{ width: 14, height: 14, borderRadius: '3px', bgcolor: colour(index) }} />
            <Typography variant="body2">{entry.name}</Typography>
          </Box>
        ))}
      </Stack>
    </>
  );
}
