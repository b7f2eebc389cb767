import { tierOf, type TierThresholds } from '../../common/reports/index';
import type { Fact, ReportDocument, ScoreRow } from '../pdf';
import type { Named, ReportContext, ResultRow, ScoreMap } from './report-data';
import { asShown, type ReportWords } from './report-format';

/** The parts every report shares: title, header, facts, labels and the tiers' names. */
export function documentBase(
  w: ReportWords,
  context: ReportContext,
  kind: ReportDocument['kind'],
  issuedAt: Date,
  timeZone: string,
): ReportDocument {
  return {
    kind,
    lang: w.lang,
    title: w.t(`titles.${kind}`),
    header: { school: w.name(context.school), platform: w.name(context.platform) },
    page_label: { page: w.t('page'), of: w.t('of') },
    facts: facts(w, context, issuedAt, timeZone),
    labels: labels(w, context.exam.adaptive),
    tier_names: { below: w.tier('below'), within: w.tier('within'), above: w.tier('above') },
    skills: [],
  };
}

/** Every label of the document: the type holds each key, so none is forgotten. */
const LABELS: Record<keyof ReportDocument['labels'], true> = {
  total: true,
  overall: true,
  mark: true,
  result: true,
  skills: true,
  skill: true,
  score: true,
  percent: true,
  tier: true,
  outcomes: true,
  outcome: true,
  chart: true,
  participation: true,
  average_per_skill: true,
  distribution: true,
  students: true,
  student: true,
  group: true,
  growth: true,
  current_round: true,
  previous_round: true,
  change: true,
  reading: true,
  level: true,
  count: true,
  tier_legend: true,
  class_average: true,
  school_average: true,
  classes: true,
  class_skills: true,
  average: true,
};

/** An adaptive exam's documents say "Scaled score" where a fixed form's say "Total", "Mark" and "Average". */
const ADAPTIVE_LABELS: Partial<Record<keyof ReportDocument['labels'], string>> = {
  total: 'adaptive.scaled_score',
  mark: 'adaptive.scaled_score',
  average: 'adaptive.mean_score',
};

function labels(w: ReportWords, adaptive: boolean): ReportDocument['labels'] {
  return Object.fromEntries(
    Object.keys(LABELS).map((key) => {
      const adaptiveKey = adaptive ? ADAPTIVE_LABELS[key as keyof typeof LABELS] : undefined;
      return [key, w.t(adaptiveKey ?? `labels.${key}`)];
    }),
  ) as unknown as ReportDocument['labels'];
}

/** Latin text (a Latin name, a number) inside an Arabic line is isolated by the template. */
const isLatin = (text: string) => /[A-Za-z0-9]/.test(text) && !/[\u0600-\u06ff]/.test(text);
const fact = (label: string, value: string): Fact => ({ label, value, ...(isLatin(value) ? { ltr: true } : {}) });

function facts(w: ReportWords, context: ReportContext, issuedAt: Date, timeZone: string): Fact[] {
  const list: Fact[] = [];
  if (context.student) list.push(fact(w.t('facts.student'), w.name(context.student)));
  list.push(fact(w.t('facts.school'), w.name(context.school)));
  if (context.grade) list.push(fact(w.t('facts.grade'), w.name(context.grade)));
  if (context.schoolClass) list.push(fact(w.t('facts.class'), w.name(context.schoolClass)));
  list.push(fact(w.t('facts.exam'), w.name(context.exam)));
  list.push(fact(w.t('facts.round'), w.name(context.round)));
  if (context.academicYear) list.push(fact(w.t('facts.academic_year'), w.name(context.academicYear)));
  list.push(fact(w.t('facts.date'), w.date(issuedAt, timeZone)));
  return list;
}

export const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);

/** The tier of a percentage as the report shows it (79.996 shows as 80%, and is Above Average from 80). */
export const tierOfShown = (percent: number, thresholds: TierThresholds) => tierOf(asShown(percent), thresholds);

/** The mean of the results' exact percentages (0 without results). */
export const averagePercent = (results: ResultRow[]) => mean(results.map((r) => r.percent));

export interface SkillAverage {
  named: Named;
  /** The mean of the results' exact percentages on the skill. */
  percent: number;
  /** The mean points and the mean maximum. */
  score: number;
  max: number;
  count: number;
}

/** The mean percentage of each skill (or outcome) over the results, in the order of `names`. */
export function skillAverages(
  results: ResultRow[],
  pick: (r: ResultRow) => ScoreMap,
  names: Map<number, Named>,
): SkillAverage[] {
  return [...names.values()].map((named) => {
    const scores = results
      .map((r) => pick(r)[String(named.id)])
      .filter((s): s is { score: number; max: number } => Boolean(s) && s.max > 0);
    return {
      named,
      percent: mean(scores.map((s) => (s.score / s.max) * 100)),
      score: mean(scores.map((s) => s.score)),
      max: mean(scores.map((s) => s.max)),
      count: scores.length,
    };
  });
}

/** One line of a score table: points out of the maximum, the percentage and its tier. */
export function scoreRow(
  w: ReportWords,
  name: string,
  score: number,
  max: number,
  thresholds: TierThresholds,
): ScoreRow {
  const percent = max > 0 ? (score / max) * 100 : 0;
  const tier = tierOfShown(percent, thresholds);
  return {
    name,
    score: w.outOf(asShown(score), asShown(max)),
    percent: asShown(percent),
    percent_text: w.percent(percent),
    tier,
    tier_name: w.tier(tier),
  };
}

/** Students by name; with `withClass` (a school's), by class first. */
export const studentOrder =
  (w: ReportWords, withClass: boolean) =>
  (a: ResultRow, b: ResultRow): number =>
    (withClass
      ? w.compareNames(w.name(a.school_class), w.name(b.school_class)) || a.school_class.id - b.school_class.id
      : 0) || w.compareNames(w.name(a.student_names), w.name(b.student_names));
