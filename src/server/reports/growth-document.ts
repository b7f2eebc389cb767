import { performanceLevel } from '../../common/reports/index';
import { groupGrowth, growthBetween, scaledScore, type Growth } from '../../common/statistics/index';
import type { GrowthRow, ReportDocument, ScaleGrowth } from '../pdf';
import type { Named, ResultRow } from './report-data';
import type { ReportScale, ScaleCuts, ScaleReading } from '../scales';
import type { ReportWords } from './report-format';

/** What a report knows of its scope on the reporting scales, now and in the previous round (issue 42). */
export interface GrowthData {
  /** The latest earlier round of the exam's series with results in the scope. */
  previousRound: Named | null;
  /** This exam's scales and its students' abilities on them. */
  current: ScaleReading[];
  /** The previous round's exams on the same scales (none where they are not calibrated). */
  previous: ScaleReading[];
}

type Ability = { ability: number; se: number };

/**
 * A signed figure ("+6", "−3"). In an Arabic line the sign is held to its digits by left-to-right
 * marks on both sides of it, so it stays in front of them ("(من +2 إلى +10)" never reads "2+").
 */
function signed(w: ReportWords, value: number) {
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  const digits = w.num(Math.abs(value));
  return w.lang === 'ar' && sign ? `\u200e${sign}\u200e${digits}` : sign + digits;
}

/** "213 ± 7.6": a scaled score with its standard error. */
export function scoreText(w: ReportWords, scale: ReportScale, at: Ability | undefined) {
  if (!at) return w.t('not_available');
  const { score, se } = scaledScore(at.ability, at.se, scale);
  return w.t('growth.plus_minus', { value: w.num(score), se: w.num(se) });
}

/** "+9 ± 10.6": a change in scale points with the standard error of the difference. */
const changeText = (w: ReportWords, scale: ReportScale, growth: Growth) =>
  w.t('growth.plus_minus', {
    value: signed(w, Math.round(scale.score_unit * growth.change)),
    se: w.num(Math.round(scale.score_unit * growth.se * 10) / 10),
  });

/** The performance level of an ability under the scale's cuts for the exam's grade or level. */
export const levelOf = (scale: ReportScale, cuts: ScaleCuts, at: Ability) =>
  performanceLevel(scaledScore(at.ability, at.se, scale).score, cuts);

/** One student's line: this round, their level, the previous one, the change and how to read it. */
function studentRow(w: ReportWords, now: ScaleReading, name: string, at?: Ability, before?: Ability): GrowthRow {
  const scale = now.scale;
  const growth = at && before ? growthBetween(before, at) : null;
  return {
    name,
    ...(now.cuts ? { level: at ? w.t(`growth.levels.${levelOf(scale, now.cuts, at)}`) : w.t('not_available') } : {}),
    current: scoreText(w, scale, at),
    previous: scoreText(w, scale, before),
    change: growth ? changeText(w, scale, growth) : w.t('not_available'),
    reading: growth ? w.t(`growth.readings.${growth.reading}`) : w.t('not_available'),
  };
}

const meanOf = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** A group's mean scaled score on a reading, in whole points, over those of `ids` it measures ("—" for none). */
export function meanScoreText(w: ReportWords, reading: ScaleReading, ids: readonly number[]) {
  const values = ids.flatMap((id) => (reading.abilities.has(id) ? [reading.abilities.get(id)!.ability] : []));
  if (values.length === 0) return w.t('not_available');
  return w.num(Math.round(reading.scale.score_origin + reading.scale.score_unit * meanOf(values)));
}

/** A group's line: mean scaled scores, the mean change with its 95% interval, and how many changed measurably. */
function groupRow(
  w: ReportWords,
  scale: ReportScale,
  name: string,
  results: ResultRow[],
  now: ScaleReading,
  before?: ScaleReading,
): GrowthRow {
  const present = results.filter((r) => now.abilities.has(r.student_id));
  const mean = (reading: ScaleReading, ids: number[]) => meanScoreText(w, reading, ids);
  const ids = present.map((r) => r.student_id);
  const growths = before
    ? ids.flatMap((id) =>
        before.abilities.has(id) ? [growthBetween(before.abilities.get(id)!, now.abilities.get(id)!)] : [],
      )
    : [];
  const group = groupGrowth(growths);
  const cuts = now.cuts;
  const meeting = cuts
    ? ids.filter((id) => ['meeting', 'exceeding'].includes(levelOf(scale, cuts, now.abilities.get(id)!))).length
    : 0;
  const [low, high] = group ? group.interval.map((v) => Math.round(scale.score_unit * v)) : [0, 0];
  return {
    name,
    ...(cuts ? { level: w.t('growth.meeting_share', { count: w.num(meeting), total: w.num(ids.length) }) } : {}),
    current: mean(now, ids),
    previous: before ? mean(before, ids) : w.t('not_available'),
    change: group
      ? w.t('growth.interval', {
          value: signed(w, Math.round(scale.score_unit * group.mean)),
          low: signed(w, low),
          high: signed(w, high),
        })
      : w.t('not_available'),
    reading: group
      ? w.t('growth.measurable', {
          count: w.num(Math.round(group.measurable_share * group.students)),
          total: w.num(group.students),
        })
      : w.t('not_available'),
    group: true,
  };
}

/**
 * Scaled scores and growth on each scale the exam is calibrated on: the student's own line, or a
 * group's mean line and (`students`) each student's. A scale the previous round's exam is not
 * calibrated on shows no growth and says why; with no scale at all, the section says so instead of
 * comparing percentages of two different exams.
 */
export function growthSection(
  w: ReportWords,
  growth: GrowthData,
  results: ResultRow[],
  mode: ({ kind: 'student' } | { kind: 'group'; label: string; students: boolean }) & {
    /** An adaptive exam's document: there is no raw percent above to keep as the exam's mark. */
    adaptive?: boolean;
  },
): ReportDocument['growth'] {
  const previousRound = growth.previousRound ? w.name(growth.previousRound) : null;
  if (growth.current.length === 0)
    return previousRound
      ? { previous_round: previousRound, scales: [], unavailable: w.t('growth.not_linked') }
      : undefined;
  const scales: ScaleGrowth[] = growth.current.map((now) => {
    const scale = now.scale;
    const before = growth.previous.find((reading) => reading.scale.id === scale.id);
    const notes = [w.t('growth.scale_note', { origin: w.num(scale.score_origin), unit: w.num(scale.score_unit) })];
    if (!mode.adaptive) notes.push(w.t('growth.raw_note'));
    if (previousRound && !before) notes.push(w.t('growth.previous_not_calibrated'));
    const rowOf = (r: ResultRow) =>
      studentRow(w, now, w.name(r.student_names), now.abilities.get(r.student_id), before?.abilities.get(r.student_id));
    const rows =
      mode.kind === 'student'
        ? results.map((r) => ({ ...rowOf(r), name: w.name(scale) }))
        : [
            groupRow(w, scale, mode.label, results, now, before),
            ...(mode.students
              ? [...results].sort((a, b) => w.compareNames(w.name(a.student_names), w.name(b.student_names))).map(rowOf)
              : []),
          ];
    return { name: w.name(scale), note: notes.join(' '), rows };
  });
  return { previous_round: previousRound, scales };
}

/** The document's growth part, when there is one to show. */
export const withGrowth = (growth: ReturnType<typeof growthSection>) => (growth ? { growth } : {});
