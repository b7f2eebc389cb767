import { sql } from 'kysely';
import type { BookmarkBooklet } from '../../common/contracts/index';
import { plainText } from '../../common/questions/rich-text';
import { BOOKMARK_RP, responseProbabilityLocation } from '../../common/statistics/index';
import { truncateText } from '../../common/text-bounds';
import type { Db } from '../db/database';
import { notFound } from '../http/app-error';
import { readScales } from './scale-readings';

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const TEXT_LENGTH = 160;
/** Width of a band of the students' distribution, in scaled-score points. */
const BAND = 5;

/**
 * What a standard-setting panel looks at for one scale and grade (or level), the bookmark way: the
 * bank's calibrated questions of that grade's exams in order of their location at a response
 * probability of 0.67, in scaled-score points, beside the distribution of that grade's students'
 * latest scaled scores, and the cuts set so far.
 */
export async function bookmarkBooklet(
  db: Db,
  scaleId: number,
  stage: { grade_id: number | null; level_id: number | null },
): Promise<BookmarkBooklet> {
  const scale = await db
    .selectFrom('scales')
    .select(['id', 'name_en', 'name_ar', 'score_origin', 'score_unit', 'platform_id'])
    .where('id', '=', scaleId)
    .executeTakeFirst();
  if (!scale) throw notFound();
  const points = (logits: number) => Number(scale.score_origin) + Number(scale.score_unit) * logits;
  const { rows: items } = await sql<{ question_id: number; difficulty: number; thresholds: unknown; text: string }>`
    with current as (
      select distinct on (question_id) question_id, difficulty, thresholds from item_parameters
      where scale_id = ${scaleId} and question_id is not null
      order by question_id, calibration_id desc, id desc)
    select c.question_id, c.difficulty, c.thresholds, q.text from current c join questions q on q.id = c.question_id
    where exists (select 1 from exam_questions eq join exams e on e.id = eq.exam_id
      where eq.source_question_id = c.question_id and e.grade_id is not distinct from ${stage.grade_id}::int
        and e.level_id is not distinct from ${stage.level_id}::int)`.execute(db);
  const { rows: exams } = await sql<{ id: number }>`
    select e.id from exams e where e.grade_id is not distinct from ${stage.grade_id}::int
      and e.level_id is not distinct from ${stage.level_id}::int
      and exists (select 1 from item_parameters p where p.exam_id = e.id and p.scale_id = ${scaleId})
    order by e.id`.execute(db);
  // Each student's latest scaled score on the scale (the exam taken last, by id).
  const latest = new Map<number, number>();
  for (const exam of exams) {
    const reading = (await readScales(db, Number(exam.id))).find((r) => r.scale.id === scaleId);
    for (const [student, at] of reading?.abilities ?? []) latest.set(student, Math.round(points(at.ability)));
  }
  const scores = [...latest.values()];
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
        location: Math.round(points(responseProbabilityLocation(json<number[]>(item.thresholds))) * 10) / 10,
      }))
      .sort((a, b) => a.location - b.location || a.question_id - b.question_id),
    students: {
      total: scores.length,
      bins: [...bins.entries()].sort(([a], [b]) => a - b).map(([from, count]) => ({ from, to: from + BAND, count })),
    },
    cuts: cuts ?? null,
  };
}
