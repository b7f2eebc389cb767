import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { SkillAverage } from '../../common/contracts/index';
import { nameOf, useLanguage } from '../i18n/recordName';
import { SERIES_COLOURS, useChartDirection } from './chartDirection';
import { formatPercent } from './formatFigures';

/** Average performance per skill (bars, 0 to 100%), mirrored in Arabic. */
export function SkillsChart({ skills }: { skills: SkillAverage[] }) {
  const language = useLanguage();
  const direction = useChartDirection();
  const data = direction.ordered(skills.map((skill) => ({ name: nameOf(skill, language), average: skill.average })));
  return (
    <div dir="ltr">
      <ResponsiveContainer width="100%" height={280}>
        <BarChart data={data} margin={{ top: 16, right: 16, left: 16, bottom: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" interval={0} tick={{ fontSize: 13 }} />
          <YAxis
            orientation={direction.valueAxis}
            domain={[0, 100]}
            tickFormatter={(value: number) => formatPercent(value, language)}
            width={56}
          />
          <Tooltip formatter={(value) => formatPercent(Number(value), language)} separator=": " />
          <Bar
            dataKey="average"
            name={' '}
            fill={SERIES_COLOURS[0]}
            isAnimationActive={false}
            label={{ position: 'top', formatter: (value: unknown) => formatPercent(Number(value), language) }}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
