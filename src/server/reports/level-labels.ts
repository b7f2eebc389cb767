import { PERFORMANCE_LEVELS, performanceLevel, type PerformanceLevel } from '../../common/reports/index';
import { scaledScore } from '../../common/statistics/index';
import type { GrowthData } from './growth-document';
import type { ResultRow } from './report-data';
import type { ReportWords } from './report-format';

/**
 * Performance levels in place of tiers (issue 42): where a skill's reporting scale has cut scores for
 * the exam's grade or level, a line of that skill is labelled by the level its scaled score reaches,
 * not by the tier of its percentage.
 */

type Ability = { ability: number; se: number };

/** The level of each skill on a scale with cuts, for the abilities `pick` reads off each reading (none: not labelled). */
function levelsOf(growth: GrowthData, pick: (abilities: Map<number, Ability>) => Ability | undefined) {
  const levels = new Map<number, PerformanceLevel>();
  for (const reading of growth.current) {
    const at = reading.cuts ? pick(reading.abilities) : undefined;
    if (at)
      levels.set(
        reading.scale.skill_id,
        performanceLevel(scaledScore(at.ability, at.se, reading.scale).score, reading.cuts!),
      );
  }
  return levels;
}

/** A student's level on each skill whose scale has cuts and measures them. */
export const studentLevels = (growth: GrowthData, studentId: number) =>
  levelsOf(growth, (abilities) => abilities.get(studentId));

/**
 * A group's level on each such skill: the level of its students' mean ability there, when every one
 * of them is measured (a level resting on some of them would sit beside a percentage of all).
 */
export const groupLevels = (growth: GrowthData, studentIds: readonly number[]) =>
  levelsOf(growth, (abilities) => {
    if (studentIds.length === 0 || !studentIds.every((id) => abilities.has(id))) return undefined;
    const mean = studentIds.reduce((sum, id) => sum + abilities.get(id)!.ability, 0) / studentIds.length;
    return { ability: mean, se: 0 };
  });

/**
 * Each student's level when the exam is of one skill whose scale has cuts and measures every one of
 * them: then the group's students and its counts are by level (a mix of levels and tiers would not
 * read); null otherwise.
 */
export function examLevels(growth: GrowthData, results: readonly ResultRow[]): Map<number, PerformanceLevel> | null {
  const skills = new Set(results.flatMap((r) => Object.keys(r.skills)));
  if (skills.size !== 1) return null;
  const skillId = Number([...skills][0]);
  const reading = growth.current.find((r) => r.scale.skill_id === skillId && r.cuts);
  if (!reading || !results.every((r) => reading.abilities.has(r.student_id))) return null;
  return new Map(
    results.map((r) => {
      const at = reading.abilities.get(r.student_id)!;
      return [r.student_id, performanceLevel(scaledScore(at.ability, at.se, reading.scale).score, reading.cuts!)];
    }),
  );
}

/** The levels' names in the reader's language, for a line's label and the legend. */
export const levelName = (w: ReportWords, level: PerformanceLevel) => w.t(`growth.levels.${level}`);

export const levelNames = (w: ReportWords) =>
  Object.fromEntries(PERFORMANCE_LEVELS.map((level) => [level, levelName(w, level)])) as Record<
    PerformanceLevel,
    string
  >;
