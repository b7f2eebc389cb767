import type { DifComparison, RaschCalibration } from '../../common/contracts/index';
import {
  analyseDif,
  DIF_MIN_GROUP_SIZE,
  fitRasch,
  REVIEW_LIMITS,
  roundTo,
  wrightMap,
  type AnalysedItem,
} from '../../common/statistics/index';
import type { Db } from '../db/database';
import type { AttemptFacts } from './item-scores';

const r4 = (value: number | null) => roundTo(value, 4);

/**
 * The exam's Rasch calibration (partial credit where a question is marked out of more than 1) and
 * its person-item map; null when nothing can be calibrated (fewer than two attempts or no question
 * that varies).
 */
export function raschCalibration(items: AnalysedItem[], scores: number[][]): RaschCalibration | null {
  if (scores.length < 2 || items.length === 0) return null;
  const result = fitRasch({ items, scores });
  if (result.items.every((item) => item.extreme)) return null;
  const map = wrightMap(result, 0.5);
  return {
    model: result.model,
    sd: r4(result.sd)!,
    reliability: r4(result.reliability),
    iterations: result.iterations,
    converged: result.converged,
    items: result.items.map((item) => ({
      id: items[item.index].id,
      position: item.index + 1,
      model: item.max > 1 ? ('partial_credit' as const) : ('dichotomous' as const),
      extreme: item.extreme,
      difficulty: r4(item.difficulty),
      se: r4(item.se),
      thresholds: item.thresholds.map((value) => r4(value)!),
      infit: r4(item.infit),
      outfit: r4(item.outfit),
      // Like the classical flags, none below the attempts the figures need to be stable.
      misfit:
        scores.length >= REVIEW_LIMITS.minAttempts &&
        Math.max(item.infit ?? 0, item.outfit ?? 0) > REVIEW_LIMITS.misfitAbove,
    })),
    scores: result.score_table.map((row) => ({
      raw_score: row.raw_score,
      ability: r4(row.ability)!,
      se: r4(row.se)!,
      persons: row.persons,
    })),
    map: {
      bins: map.bins.map((bin) => ({ from: bin.from, to: bin.to, persons: bin.persons })),
      items: map.items.map((item) => ({ position: item.index + 1, difficulty: r4(item.difficulty)! })),
    },
  };
}

type Names = Map<string, { name_en: string | null; name_ar: string | null }>;

const GROUPINGS: { by: DifComparison['by']; keyOf(attempt: AttemptFacts): string | null }[] = [
  { by: 'language', keyOf: (a) => (a.localization_id === null ? 'original' : String(a.localization_id)) },
  { by: 'gender', keyOf: (a) => (a.gender === 'male' || a.gender === 'female' ? a.gender : null) },
  { by: 'school', keyOf: (a) => (a.school_id === null ? null : String(a.school_id)) },
];

/** The names of the exam's versions and of the schools its students sat it in. */
async function groupNames(db: Db, attempts: AttemptFacts[]): Promise<Record<DifComparison['by'], Names>> {
  const ids = (pick: (a: AttemptFacts) => number | null) => [
    ...new Set(attempts.map(pick).filter((id): id is number => id !== null)),
  ];
  const localizationIds = ids((a) => a.localization_id);
  const schoolIds = ids((a) => a.school_id);
  const [localizations, schools] = await Promise.all([
    localizationIds.length
      ? db.selectFrom('exam_localizations').select(['id', 'name']).where('id', 'in', localizationIds).execute()
      : [],
    schoolIds.length
      ? db.selectFrom('schools').select(['id', 'name_en', 'name_ar']).where('id', 'in', schoolIds).execute()
      : [],
  ]);
  return {
    language: new Map(localizations.map((l) => [String(l.id), { name_en: l.name, name_ar: l.name }])),
    gender: new Map(),
    school: new Map(schools.map((s) => [String(s.id), { name_en: s.name_en, name_ar: s.name_ar }])),
  };
}

/**
 * Differential item functioning by the exam's version (its language or localization), by gender and
 * by school, each focal group against the largest. Schools too small to compare are left out (a
 * country has hundreds); versions and genders too small are listed as such.
 */
export async function difComparisons(
  db: Db,
  items: AnalysedItem[],
  scores: number[][],
  attempts: AttemptFacts[],
): Promise<DifComparison[]> {
  if (scores.length === 0) return [];
  const names = await groupNames(db, attempts);
  return GROUPINGS.map(({ by, keyOf }): DifComparison => {
    const groups = attempts.map(keyOf);
    const report = analyseDif({ items, scores, groups, minGroupSize: DIF_MIN_GROUP_SIZE });
    const named = (key: string, n: number) => ({
      key,
      name_en: names[by].get(key)?.name_en ?? null,
      name_ar: names[by].get(key)?.name_ar ?? null,
      n,
    });
    return {
      by,
      reference: report.reference === null ? null : named(report.reference, report.reference_n),
      focal: report.groups
        .filter((group) => by !== 'school' || group.skipped === null)
        .map((group) => ({
          ...named(group.group, group.n),
          skipped: group.skipped,
          items: group.items.map((result) => ({
            id: items[result.index].id,
            position: result.index + 1,
            kind: result.kind === 'dichotomous' ? ('mh' as const) : ('smd' as const),
            statistic: r4(result.kind === 'dichotomous' ? result.d_dif : result.effect_size),
            category: result.category === null ? null : (result.category[0] as 'A' | 'B' | 'C'),
            favours: result.favours,
          })),
        })),
    };
  });
}
