import { PERFORMANCE_LEVELS, TIER_KEYS, type PerformanceLevel, type TierKey } from '../../common/reports/index';
import type { AttainmentKey, ClassComparison, Figure, ReportDocument, ScoreRow, StudentRow } from '../pdf';
import { growthSection, withGrowth, type GrowthData } from './growth-document';
import { examLevels, groupLevels, levelName, levelNames } from './level-labels';
import { averagePercent, skillAverages, studentOrder, tierOfShown } from './report-base';
import { adaptiveGroupParts } from './adaptive-document';
import type { Named, ReportContext, ResultRow } from './report-data';
import { asShown, type ReportWords } from './report-format';

/** What a class, grade or school report is made from. */
export interface GroupReportData {
  /** The results of the report's exam in its scope. */
  results: ResultRow[];
  /** Students assigned the exam in the scope, and those who handed it in. */
  participation: { assigned: number; completed: number };
  /** The skills of the results, by id. */
  skillNames: Map<number, Named>;
  /** The scope's scaled scores now and in the previous round of the same exam series. */
  growth: GrowthData;
}

const countTiers = (results: ResultRow[]) =>
  Object.fromEntries(TIER_KEYS.map((tier) => [tier, results.filter((r) => r.tier === tier).length])) as Record<
    TierKey,
    number
  >;

/**
 * A class, grade or school report: participation, the average per skill, the students by tier (by
 * performance level for an exam of one skill whose scale has cut scores for the grade) and
 * scaled scores and growth on each calibrated scale (the group's mean, and a class's or a school's
 * students); then a grade's classes side by side, or a class's or a school's students.
 */
export function groupParts(
  w: ReportWords,
  context: ReportContext,
  kind: 'class' | 'grade' | 'school',
  data: GroupReportData,
): Partial<ReportDocument> {
  const { results } = data;
  const participation: Figure[] = [
    { label: w.t('participation.assigned'), value: w.num(data.participation.assigned) },
    { label: w.t('participation.completed'), value: w.num(data.participation.completed) },
    {
      label: w.t('participation.non_submitters'),
      value: w.num(data.participation.assigned - data.participation.completed),
    },
  ];
  if (results.length === 0) return { participation, skills: [], empty_message: w.t('empty') };
  if (context.exam.adaptive) return adaptiveGroupParts(w, kind, data, participation);
  const maxMark = context.exam.max_mark;
  participation.push(
    {
      label: w.t('participation.average'),
      value: w.outOf(asShown((averagePercent(results) * maxMark) / 100), maxMark),
    },
    {
      label: w.t('participation.pass_rate'),
      value: w.percent((results.filter((r) => r.passed).length / results.length) * 100),
    },
  );
  const current = skillAverages(results, (r) => r.skills, data.skillNames);
  // A skill on a scale with cuts: the level of the group's mean ability there, not its percentage's tier.
  const skillLevels = groupLevels(
    data.growth,
    results.map((r) => r.student_id),
  );
  const skills: ScoreRow[] = current.map(({ named, percent, score, max }) => {
    const level = skillLevels.get(named.id);
    const tier = tierOfShown(percent, context.thresholds);
    return {
      name: w.name(named),
      // The mean points of the skill out of its points.
      score: w.outOf(asShown(score), asShown(max)),
      percent: asShown(percent),
      percent_text: w.percent(percent),
      tier: level ?? tier,
      tier_name: level ? levelName(w, level) : w.tier(tier),
    };
  });
  // An exam of one skill on a scale with cuts measuring every student: the students by level (not
  // in a grade report, whose classes side by side are counted by tier).
  const levels = kind === 'grade' ? null : examLevels(data.growth, results);
  const attainment = (r: ResultRow): { key: AttainmentKey; name: string } => {
    const level = levels?.get(r.student_id);
    return level ? { key: level, name: levelName(w, level) } : { key: r.tier, name: w.tier(r.tier) };
  };
  const keys: readonly AttainmentKey[] = levels ? PERFORMANCE_LEVELS : TIER_KEYS;
  const tiers = keys.map((key) => {
    const count = results.filter((r) => attainment(r).key === key).length;
    const percent = (count / results.length) * 100;
    return {
      tier: key,
      name: levels ? levelName(w, key as PerformanceLevel) : w.tier(key as TierKey),
      count: w.num(count),
      percent: asShown(percent),
      percent_text: w.percent(percent),
    };
  });
  return {
    participation,
    skills,
    tiers,
    ...(skillLevels.size > 0 ? { level_names: levelNames(w) } : {}),
    ...withGrowth(
      growthSection(w, data.growth, results, {
        kind: 'group',
        label: w.t(`growth.group.${kind}`),
        students: kind !== 'grade',
      }),
    ),
    ...(kind === 'grade'
      ? { classes: classComparison(w, results, data.skillNames) }
      : { students: studentRows(w, results, maxMark, kind === 'school', attainment) }),
  };
}

/** A grade's classes side by side: students, average, tiers and the average of each skill. */
function classComparison(w: ReportWords, results: ResultRow[], skillNames: Map<number, Named>): ClassComparison {
  const classes = new Map<number, { named: Named; results: ResultRow[] }>();
  for (const r of results) {
    const entry = classes.get(r.school_class.id) ?? { named: r.school_class, results: [] };
    entry.results.push(r);
    classes.set(r.school_class.id, entry);
  }
  const ordered = [...classes.values()].sort((a, b) => w.compareNames(w.name(a.named), w.name(b.named)));
  return {
    skills: [...skillNames.values()].map((named) => w.name(named)),
    rows: ordered.map(({ named, results: own }) => {
      const counts = countTiers(own);
      return {
        name: w.name(named),
        students: w.num(own.length),
        average: w.percent(averagePercent(own)),
        tiers: { below: w.num(counts.below), within: w.num(counts.within), above: w.num(counts.above) },
        skills: skillAverages(own, (r) => r.skills, skillNames).map((a) =>
          a.count > 0 ? w.percent(a.percent) : w.t('not_available'),
        ),
      };
    }),
  };
}

/** The students by name (a school's by class, then name), each with one mark, the tier (or level) and the result. */
function studentRows(
  w: ReportWords,
  results: ResultRow[],
  maxMark: number,
  withClass: boolean,
  attainment: (r: ResultRow) => { key: AttainmentKey; name: string },
): StudentRow[] {
  return [...results].sort(studentOrder(w, withClass)).map((r) => ({
    name: w.name(r.student_names),
    ...(withClass ? { group: w.name(r.school_class) } : {}),
    mark: w.outOf(r.mark, maxMark),
    tier: attainment(r).key,
    tier_name: attainment(r).name,
    result: w.result(r.passed),
  }));
}
