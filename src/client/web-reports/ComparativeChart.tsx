import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
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
  return (
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
          <Legend wrapperStyle={{ direction: direction.rtl ? 'rtl' : 'ltr' }} />
          {direction.ordered(series).map((entry) => (
            <Bar
              key={entry.key}
              dataKey={entry.key}
              name={entry.name}
              fill={SERIES_COLOURS[series.indexOf(entry) % SERIES_COLOURS.length]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
