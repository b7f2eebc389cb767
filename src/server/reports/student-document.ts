import type { ReportDocument, ScoreRow } from '../pdf';
import { adaptiveStudentParts } from './adaptive-document';
import { growthSection, withGrowth, type GrowthData } from './growth-document';
import { levelName, levelNames, studentLevels } from './level-labels';
import { averagePercent, scoreRow, skillAverages, type SkillAverage } from './report-base';
import type { Named, ReportContext, ResultRow, ScoreMap } from './report-data';
import { asShown, type ReportWords } from './report-format';

/** What a student report is made from. */
export interface StudentReportData {
  /** The student's result of the report's exam (none: the report says there is none yet). */
  result: ResultRow | undefined;
  skillNames: Map<number, Named>;
  outcomeNames: Map<number, Named>;
  /** Every result of the same exam at the student's school: the school's and the class's averages. */
  schoolResults: ResultRow[];
  /** The student's scaled scores now and in the previous round of the same exam series. */
  growth: GrowthData;
}

/**
 * A student's report: the total with its tier and pass or fail beside the class's and the school's
 * averages; per skill the score, percent and tier (the performance level where the skill's scale
 * has cut scores for the grade) beside the same averages; per outcome when there
 * are several; and the scaled score on each calibrated skill's scale with the growth since the
 * previous round (issue 42).
 */
export function studentParts(w: ReportWords, context: ReportContext, data: StudentReportData): Partial<ReportDocument> {
  const { result } = data;
  if (!result) return { skills: [], empty_message: w.t('empty') };
  if (context.exam.adaptive) return adaptiveStudentParts(w, context, result, data);
  const thresholds = context.thresholds;
  const classId = context.schoolClass?.id ?? result.school_class.id;
  const classResults = data.schoolResults.filter((r) => r.school_class.id === classId);
  const bySkill = (results: ResultRow[]) =>
    new Map(skillAverages(results, (r) => r.skills, data.skillNames).map((a) => [a.named.id, a]));
  const [classSkills, schoolSkills] = [bySkill(classResults), bySkill(data.schoolResults)];
  const averageText = (average: SkillAverage | undefined) =>
    average && average.count > 0 ? w.percent(average.percent) : w.t('not_available');
  const rows = (scores: ScoreMap, names: Map<number, Named>) =>
    [...names.values()]
      .filter((named) => scores[String(named.id)])
      .map((named) => {
        const s = scores[String(named.id)];
        return { named, row: scoreRow(w, w.name(named), s.score, s.max, thresholds) };
      });
  const levels = studentLevels(data.growth, result.student_id);
  const labelled = (skillId: number, row: ScoreRow): ScoreRow => {
    const level = levels.get(skillId);
    return level ? { ...row, tier: level, tier_name: levelName(w, level) } : row;
  };
  const skills: ScoreRow[] = rows(result.skills, data.skillNames).map(({ named, row }) => ({
    ...labelled(named.id, row),
    averages: [averageText(classSkills.get(named.id)), averageText(schoolSkills.get(named.id))],
  }));
  // An exam of one skill: its total is that skill, and takes its level too.
  const skillIds = Object.keys(result.skills).map(Number);
  const totalLevel = skillIds.length === 1 ? levels.get(skillIds[0]) : undefined;
  const outcomes = rows(result.outcomes, data.outcomeNames).map(({ row }) => row);
  const maxMark = context.exam.max_mark;
  const markOf = (results: ResultRow[]) => w.outOf(asShown((averagePercent(results) * maxMark) / 100), maxMark);
  return {
    total: {
      value: w.outOf(result.mark, maxMark),
      result: w.result(result.passed),
      passed: result.passed,
      tier: totalLevel ?? result.tier,
      tier_name: totalLevel ? levelName(w, totalLevel) : w.tier(result.tier),
      averages: [
        { label: w.t('labels.class_average'), value: markOf(classResults) },
        { label: w.t('labels.school_average'), value: markOf(data.schoolResults) },
      ],
    },
    skills,
    skill_averages: [w.t('labels.class_average'), w.t('labels.school_average')],
    ...(outcomes.length > 1 ? { outcomes } : {}),
    ...(levels.size > 0 ? { level_names: levelNames(w) } : {}),
    ...withGrowth(growthSection(w, data.growth, [result], { kind: 'student' })),
  };
}
