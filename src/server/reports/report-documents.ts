import type { Language } from '../../../locales/index';
import { reportKind, TIER_KEYS, tierOf, type TierKey } from '../../common/reports/index';
import type { Db } from '../db/database';
import { translate } from '../http/i18n';
import type { ComparisonRow, Fact, ReportDocument, ScoreRow, StudentRow } from '../pdf';
import {
  loadParticipation,
  loadResults,
  lookupNames,
  previousRound,
  type Named,
  type ReportContext,
  type ResultRow,
  type ResultScope,
  type ScoreMap,
} from './report-data';

/** Words, names, numbers and dates in one language. */
class Words {
  private readonly number: Intl.NumberFormat;
  private readonly percentFormat: Intl.NumberFormat;

  constructor(readonly lang: Language) {
    this.number = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
    this.percentFormat = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 });
  }

  t = (key: string, params?: Record<string, string | number>) => translate(this.lang, `reports.pdf.${key}`, params);
  name = (record: { name_en: string; name_ar: string }) => (this.lang === 'ar' ? record.name_ar : record.name_en);
  num = (value: number) => this.number.format(value);
  percent = (value: number) => this.percentFormat.format(value / 100);
  outOf = (score: number, max: number) => this.t('out_of', { score: this.num(score), max: this.num(max) });
  tier = (tier: TierKey) => this.t(`tiers.${tier}`);
  result = (passed: boolean) => this.t(passed ? 'passed' : 'failed');
  signed = (value: number) => (value > 0 ? '+' : value < 0 ? '−' : '') + this.num(Math.abs(value));
  date = (date: Date, timeZone: string) =>
    new Intl.DateTimeFormat(this.lang, { dateStyle: 'long', timeZone }).format(date);
}

/** Latin text (a Latin name, a number) inside an Arabic line is isolated by the template. */
const isLatin = (text: string) => /[A-Za-z0-9]/.test(text) && !/[\u0600-\u06ff]/.test(text);
const fact = (label: string, value: string): Fact => ({ label, value, ...(isLatin(value) ? { ltr: true } : {}) });

const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
const round1 = (value: number) => Math.round(value * 10) / 10;

function scoreRow(w: Words, name: string, score: number, max: number, context: ReportContext): ScoreRow {
  const percent = max > 0 ? (score / max) * 100 : 0;
  const tier = tierOf(percent, context.thresholds);
  return {
    name,
    score: w.outOf(score, max),
    percent: round1(percent),
    percent_text: w.percent(percent),
    tier,
    tier_name: w.tier(tier),
  };
}

/** The mean percentage of each skill (or outcome) over the results, in the order of the lookup. */
function averages(results: ResultRow[], pick: (r: ResultRow) => ScoreMap, names: Map<number, Named>) {
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

function labels(w: Words): ReportDocument['labels'] {
  const keys = [
    'total',
    'result',
    'skills',
    'skill',
    'score',
    'percent',
    'tier',
    'outcomes',
    'outcome',
    'chart',
    'participation',
    'average_per_skill',
    'distribution',
    'students',
    'student',
    'group',
    'comparison',
    'current_round',
    'previous_round',
    'change',
    'count',
    'tier_legend',
  ] as const;
  return Object.fromEntries(keys.map((key) => [key, w.t(`labels.${key}`)])) as unknown as ReportDocument['labels'];
}

function facts(w: Words, context: ReportContext, issuedAt: Date, timeZone: string): Fact[] {
  const list: Fact[] = [];
  if (context.student) list.push(fact(w.t('facts.student'), context.student.name));
  list.push(fact(w.t('facts.school'), w.name(context.school)));
  if (context.grade) list.push(fact(w.t('facts.grade'), w.name(context.grade)));
  if (context.schoolClass) list.push(fact(w.t('facts.class'), w.name(context.schoolClass)));
  list.push(fact(w.t('facts.exam'), w.name(context.exam)));
  list.push(fact(w.t('facts.round'), w.name(context.round)));
  if (context.academicYear) list.push(fact(w.t('facts.academic_year'), w.name(context.academicYear)));
  list.push(fact(w.t('facts.date'), w.date(issuedAt, timeZone)));
  return list;
}

const scopeOf = (context: ReportContext): ResultScope => ({
  school_id: context.school.id,
  grade_id: context.grade?.id ?? null,
  school_class_id: context.schoolClass?.id ?? null,
  student_id: context.student?.id ?? null,
  exam_id: context.exam.id,
});

/** A student's report: total and pass or fail, score per skill with the tier, per outcome when there are several. */
async function studentParts(db: Db, w: Words, context: ReportContext): Promise<Partial<ReportDocument>> {
  const [result] = await loadResults(db, scopeOf(context));
  if (!result) return { skills: [], empty_message: w.t('empty') };
  const skills = await lookupNames(db, 'skills', Object.keys(result.skills).map(Number));
  const outcomes = await lookupNames(db, 'learning_outcomes', Object.keys(result.outcomes).map(Number));
  const rows = (scores: ScoreMap, names: Map<number, Named>) =>
    [...names.values()].map((named) => {
      const s = scores[String(named.id)];
      return scoreRow(w, w.name(named), s.score, s.max, context);
    });
  return {
    total: {
      value: w.outOf(result.mark, context.exam.max_mark),
      result: w.result(result.passed),
      passed: result.passed,
    },
    skills: rows(result.skills, skills),
    ...(outcomes.size > 1 ? { outcomes: rows(result.outcomes, outcomes) } : {}),
  };
}

/** A class, grade or school report: participation, averages, tiers, the earlier round and the students. */
async function groupParts(db: Db, w: Words, context: ReportContext): Promise<Partial<ReportDocument>> {
  const scope = scopeOf(context);
  const [results, participation] = await Promise.all([
    loadResults(db, scope),
    loadParticipation(db, context.exam.id, scope),
  ]);
  const figures = [
    { label: w.t('participation.assigned'), value: w.num(participation.assigned) },
    { label: w.t('participation.completed'), value: w.num(participation.completed) },
    { label: w.t('participation.non_submitters'), value: w.num(participation.assigned - participation.completed) },
  ];
  if (results.length === 0) return { participation: figures, skills: [], empty_message: w.t('empty') };
  figures.push(
    {
      label: w.t('participation.average'),
      value: w.outOf(round1(mean(results.map((r) => r.mark))), context.exam.max_mark),
    },
    {
      label: w.t('participation.pass_rate'),
      value: w.percent((results.filter((r) => r.passed).length / results.length) * 100),
    },
  );
  const skillNames = await lookupNames(
    db,
    'skills',
    results.flatMap((r) => Object.keys(r.skills).map(Number)),
  );
  const current = averages(results, (r) => r.skills, skillNames);
  const skills: ScoreRow[] = current.map(({ named, percent, score, max }) => {
    const tier = tierOf(percent, context.thresholds);
    return {
      name: w.name(named),
      // The mean points of the skill out of its points.
      score: w.outOf(round1(score), round1(max)),
      percent: round1(percent),
      percent_text: w.percent(percent),
      tier,
      tier_name: w.tier(tier),
    };
  });
  const tiers = TIER_KEYS.map((tier) => {
    const count = results.filter((r) => r.tier === tier).length;
    const percent = (count / results.length) * 100;
    return {
      tier,
      name: w.tier(tier),
      count: w.num(count),
      percent: round1(percent),
      percent_text: w.percent(percent),
    };
  });
  const students: StudentRow[] = results.map((r) => ({
    name: r.student_name,
    ...(context.schoolClass ? {} : { group: w.name(r.school_class) }),
    score: w.outOf(r.mark, context.exam.max_mark),
    percent_text: w.percent(r.percent),
    tier: r.tier,
    tier_name: w.tier(r.tier),
    result: w.result(r.passed),
  }));
  const previous = await previousRound(db, context, scope);
  let comparison: ReportDocument['comparison'];
  if (previous && context.academicYear) {
    const earlier = await loadResults(db, {
      ...scope,
      exam_id: undefined,
      round: { platform_id: context.platform.id, academic_year_id: context.academicYear.id, round_id: previous.id },
    });
    const before = new Map(averages(earlier, (r) => r.skills, skillNames).map((a) => [a.named.id, a]));
    const rows: ComparisonRow[] = current.map(({ named, percent }) => {
      const then = before.get(named.id);
      const had = then !== undefined && then.count > 0;
      return {
        name: w.name(named),
        current: w.percent(percent),
        previous: had ? w.percent(then.percent) : w.t('not_available'),
        change: had ? w.signed(round1(percent - then.percent)) : w.t('not_available'),
      };
    });
    comparison = { previous_round: w.name(previous), rows };
  }
  return { participation: figures, skills, tiers, students, ...(comparison ? { comparison } : {}) };
}

/** The document of a report in one language, every word translated and every figure formatted. */
export async function buildReportDocument(
  db: Db,
  context: ReportContext,
  lang: Language,
  issuedAt: Date,
  timeZone: string,
): Promise<ReportDocument> {
  const w = new Words(lang);
  const kind = reportKind(context.type)?.document?.kind;
  if (!kind) throw new Error(`report type ${context.type} has no document`);
  const parts = kind === 'student' ? await studentParts(db, w, context) : await groupParts(db, w, context);
  return {
    kind,
    lang,
    title: w.t(`titles.${kind}`),
    header: { school: w.name(context.school), platform: w.name(context.platform) },
    page_label: { page: w.t('page'), of: w.t('of') },
    facts: facts(w, context, issuedAt, timeZone),
    labels: labels(w),
    tier_names: { below: w.tier('below'), within: w.tier('within'), above: w.tier('above') },
    skills: [],
    ...parts,
  };
}
