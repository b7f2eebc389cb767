import type { ClassRow, Figure, ReportDocument, StudentRow } from '../pdf';
import type { ScaleReading } from '../scales';
import { PERFORMANCE_LEVELS } from '../../common/reports/index';
import { growthSection, levelOf, meanScoreText, scoreText, withGrowth, type GrowthData } from './growth-document';
import { levelName, levelNames } from './level-labels';
import { studentOrder } from './report-base';
import type { ReportContext, ResultRow } from './report-data';
import { asShown, type ReportWords } from './report-format';

/**
 * The documents of an adaptive exam (issue 43). Each student answered questions chosen for them, so
 * a mark over the questions given (near one half for everyone, by design), its pass or fail and a
 * percentage per skill say nothing and are not printed. Every figure is on the exam's reporting
 * scale instead: the scaled score with its standard error, the performance level where the scale
 * has cut scores for the grade or level, and a group's mean scaled score.
 */

/** The scale the exam measures on: the reading that measures most of `ids` (an adaptive exam has one). */
function examReading(current: ScaleReading[], ids: readonly number[]): ScaleReading | undefined {
  const measured = (reading: ScaleReading) => ids.filter((id) => reading.abilities.has(id)).length;
  return [...current].sort((a, b) => measured(b) - measured(a))[0];
}

/** A student's level on the reading, where it has cut scores and measures them. */
function levelOfStudent(w: ReportWords, reading: ScaleReading | undefined, studentId: number) {
  const at = reading?.abilities.get(studentId);
  if (!reading?.cuts || !at) return {};
  const tier = levelOf(reading.scale, reading.cuts, at);
  return { tier, tier_name: levelName(w, tier) };
}

const scoreOf = (w: ReportWords, reading: ScaleReading | undefined, studentId: number) =>
  reading ? scoreText(w, reading.scale, reading.abilities.get(studentId)) : w.t('not_available');

const meanOf = (w: ReportWords, reading: ScaleReading | undefined, results: readonly ResultRow[]) =>
  reading
    ? meanScoreText(
        w,
        reading,
        results.map((r) => r.student_id),
      )
    : w.t('not_available');

/** A student's report: the scaled score with its error and level beside the class's and the school's mean. */
export function adaptiveStudentParts(
  w: ReportWords,
  context: ReportContext,
  result: ResultRow,
  data: { schoolResults: ResultRow[]; growth: GrowthData },
): Partial<ReportDocument> {
  const reading = examReading(data.growth.current, [result.student_id]);
  const classId = context.schoolClass?.id ?? result.school_class.id;
  const classResults = data.schoolResults.filter((r) => r.school_class.id === classId);
  return {
    note: w.t('adaptive.note'),
    total: {
      value: scoreOf(w, reading, result.student_id),
      ...levelOfStudent(w, reading, result.student_id),
      averages: [
        { label: w.t('labels.class_average'), value: meanOf(w, reading, classResults) },
        { label: w.t('labels.school_average'), value: meanOf(w, reading, data.schoolResults) },
      ],
    },
    skills: [],
    ...(reading?.cuts ? { level_names: levelNames(w) } : {}),
    ...withGrowth(growthSection(w, data.growth, [result], { kind: 'student', adaptive: true })),
  };
}

/**
 * A class, grade or school report: participation and the mean scaled score, the students by level
 * where the scale has cut scores, growth on the scale, then a grade's classes by mean scaled score
 * or a class's or a school's students with their scaled scores.
 */
export function adaptiveGroupParts(
  w: ReportWords,
  kind: 'class' | 'grade' | 'school',
  data: { results: ResultRow[]; growth: GrowthData },
  participation: Figure[],
): Partial<ReportDocument> {
  const { results } = data;
  const reading = examReading(
    data.growth.current,
    results.map((r) => r.student_id),
  );
  participation.push({ label: w.t('adaptive.mean_score'), value: meanOf(w, reading, results) });
  return {
    note: w.t('adaptive.note'),
    participation,
    skills: [],
    ...levelCounts(w, reading, results),
    ...withGrowth(
      growthSection(w, data.growth, results, {
        kind: 'group',
        label: w.t(`growth.group.${kind}`),
        students: kind !== 'grade',
        adaptive: true,
      }),
    ),
    ...(kind === 'grade'
      ? { classes: { skills: [], rows: classRows(w, reading, results) } }
      : { students: studentRows(w, reading, results, kind === 'school') }),
  };
}

/** How many students reach each level, where the scale has cut scores and measures every one of them. */
function levelCounts(w: ReportWords, reading: ScaleReading | undefined, results: readonly ResultRow[]) {
  if (!reading?.cuts || !results.every((r) => reading.abilities.has(r.student_id))) return {};
  const levels = results.map((r) => levelOf(reading.scale, reading.cuts!, reading.abilities.get(r.student_id)!));
  const tiers = PERFORMANCE_LEVELS.map((level) => {
    const count = levels.filter((l) => l === level).length;
    const percent = (count / results.length) * 100;
    return {
      tier: level,
      name: levelName(w, level),
      count: w.num(count),
      percent: asShown(percent),
      percent_text: w.percent(percent),
    };
  });
  return { tiers, level_names: levelNames(w) };
}

/** A grade's classes side by side: how many students and their mean scaled score. */
function classRows(w: ReportWords, reading: ScaleReading | undefined, results: readonly ResultRow[]): ClassRow[] {
  const classes = new Map<number, ResultRow[]>();
  for (const r of results) classes.set(r.school_class.id, [...(classes.get(r.school_class.id) ?? []), r]);
  return [...classes.values()]
    .sort((a, b) => w.compareNames(w.name(a[0].school_class), w.name(b[0].school_class)))
    .map((own) => ({
      name: w.name(own[0].school_class),
      students: w.num(own.length),
      average: meanOf(w, reading, own),
      skills: [],
    }));
}

/** The students by name (a school's by class, then name), each with the scaled score and level. */
function studentRows(
  w: ReportWords,
  reading: ScaleReading | undefined,
  results: readonly ResultRow[],
  withClass: boolean,
): StudentRow[] {
  return [...results].sort(studentOrder(w, withClass)).map((r) => ({
    name: w.name(r.student_names),
    ...(withClass ? { group: w.name(r.school_class) } : {}),
    mark: scoreOf(w, reading, r.student_id),
    ...levelOfStudent(w, reading, r.student_id),
  }));
}
