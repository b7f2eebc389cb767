import { TIER_KEYS, type TierKey } from '../../common/reports/index';
import type { ClassComparison, Figure, ReportDocument, ScoreRow, StudentRow } from '../pdf';
import { averagePercent, comparisonRow, skillAverages, tierOfShown, type SkillAverage } from './report-base';
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
  /** The scope's results in the previous round of the same exam series, when there is one. */
  previous: { round: Named; results: ResultRow[] } | null;
}

const countTiers = (results: ResultRow[]) =>
  Object.fromEntries(TIER_KEYS.map((tier) => [tier, results.filter((r) => r.tier === tier).length])) as Record<
    TierKey,
    number
  >;

/**
 * A class, grade or school report: participation, the average per skill, the students by tier and
 * the comparison with the previous round (overall, then per skill); then a grade's classes side by
 * side, or a class's or a school's students.
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
  const skills: ScoreRow[] = current.map(({ named, percent, score, max }) => {
    const tier = tierOfShown(percent, context.thresholds);
    return {
      name: w.name(named),
      // The mean points of the skill out of its points.
      score: w.outOf(asShown(score), asShown(max)),
      percent: asShown(percent),
      percent_text: w.percent(percent),
      tier,
      tier_name: w.tier(tier),
    };
  });
  const counts = countTiers(results);
  const tiers = TIER_KEYS.map((tier) => {
    const percent = (counts[tier] / results.length) * 100;
    return {
      tier,
      name: w.tier(tier),
      count: w.num(counts[tier]),
      percent: asShown(percent),
      percent_text: w.percent(percent),
    };
  });
  return {
    participation,
    skills,
    tiers,
    ...(data.previous ? { comparison: comparison(w, results, current, data.previous, data.skillNames) } : {}),
    ...(kind === 'grade'
      ? { classes: classComparison(w, results, data.skillNames) }
      : { students: studentRows(w, results, maxMark, kind === 'school') }),
  };
}

/** This round against the previous one: the overall average first, then each skill's. */
function comparison(
  w: ReportWords,
  results: ResultRow[],
  current: SkillAverage[],
  previous: NonNullable<GroupReportData['previous']>,
  skillNames: Map<number, Named>,
): NonNullable<ReportDocument['comparison']> {
  const before = new Map(skillAverages(previous.results, (r) => r.skills, skillNames).map((a) => [a.named.id, a]));
  const rows = current.map(({ named, percent }) => {
    const then = before.get(named.id);
    return comparisonRow(w, w.name(named), percent, then && then.count > 0 ? then.percent : null);
  });
  const overall = comparisonRow(
    w,
    w.t('labels.overall'),
    averagePercent(results),
    previous.results.length > 0 ? averagePercent(previous.results) : null,
    true,
  );
  return { previous_round: w.name(previous.round), rows: [overall, ...rows] };
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

/** The students by name (a school's by class, then name), each with one mark, the tier and the result. */
function studentRows(w: ReportWords, results: ResultRow[], maxMark: number, withClass: boolean): StudentRow[] {
  const byClass = (a: ResultRow, b: ResultRow) =>
    w.compareNames(w.name(a.school_class), w.name(b.school_class)) || a.school_class.id - b.school_class.id;
  const ordered = [...results].sort(
    (a, b) => (withClass ? byClass(a, b) : 0) || w.compareNames(w.name(a.student_names), w.name(b.student_names)),
  );
  return ordered.map((r) => ({
    name: w.name(r.student_names),
    ...(withClass ? { group: w.name(r.school_class) } : {}),
    mark: w.outOf(r.mark, maxMark),
    tier: r.tier,
    tier_name: w.tier(r.tier),
    result: w.result(r.passed),
  }));
}
