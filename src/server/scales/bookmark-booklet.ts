import { sql } from 'kysely';
import type { BookmarkBooklet } from '../../common/contracts/index';
import { plainText } from '../../common/questions/rich-text';
import { BOOKMARK_RP, responseProbabilityLocation } from '../../common/statistics/index';
import { truncateText } from '../../common/text-bounds';
import type { Db } from '../db/database';
import { notFound } from '../http/app-error';
import { stageAbilities, stagePool, type Stage } from './stage-pool';

const TEXT_LENGTH = 160;
/** Width of a band of the students' distribution, in scaled-score points. */
const BAND = 5;

/**
 * What a standard-setting panel looks at for one scale and grade (or level), the bookmark way: the
 * bank's calibrated questions of that grade's exams in order of their location at a response
 * probability of 0.67, in scaled-score points, beside the distribution of that grade's students'
 * latest scaled scores, and the cuts set so far.
 */
export async function bookmarkBooklet(db: Db, scaleId: number, stage: Stage): Promise<BookmarkBooklet> {
  const scale = await db
    .selectFrom('scales')
    .select(['id', 'name_en', 'name_ar', 'score_origin', 'score_unit', 'platform_id'])
    .where('id', '=', scaleId)
    .executeTakeFirst();
  if (!scale) throw notFound();
  const points = (logits: number) => Number(scale.score_origin) + Number(scale.score_unit) * logits;
  const items = await stagePool(db, scaleId, stage);
  // Each student's latest scaled score on the scale.
  const scores = [...(await stageAbilities(db, scaleId, stage)).values()].map((ability) => Math.round(points(ability)));
  const bins = new Map<number, number>();
  for (const score of scores) {
    const from = Math.floor(score / BAND) * BAND;
    bins.set(from, (bins.get(from) ?? 0) + 1);
  }
  const cuts = await db
    .selectFrom('scale_cuts')
    .select(['id', 'approaching_from', 'meeting_from', 'exceeding_from'])
    .where('scale_id', '=', scaleId)
    .where(sql<boolean>`grade_id is not distinct from ${stage.grade_id}::int`)
    .where(sql<boolean>`level_id is not distinct from ${stage.level_id}::int`)
    .executeTakeFirst();
  return {
    scale: {
      id: scale.id,
      name_en: scale.name_en,
      name_ar: scale.name_ar,
      platform_id: scale.platform_id,
      score_origin: Number(scale.score_origin),
      score_unit: Number(scale.score_unit),
    },
    rp: BOOKMARK_RP,
    items: items
      .map((item) => ({
        question_id: Number(item.question_id),
        text: truncateText(plainText(item.text).replace(/\s+/g, ' ').trim(), TEXT_LENGTH),
        difficulty: Math.round(Number(item.difficulty) * 1e4) / 1e4,
        location: Math.round(points(responseProbabilityLocation(item.thresholds)) * 10) / 10,
      }))
      .sort((a, b) => a.location - b.location || a.question_id - b.question_id),
    students: {
      total: scores.length,
      bins: [...bins.entries()].sort(([a], [b]) => a - b).map(([from, count]) => ({ from, to: from + BAND, count })),
    },
    cuts: cuts ?? null,
  };
}
