import { sql } from 'kysely';
import type { RaschCalibration, ScaleDrift } from '../../common/contracts/index';
import { LINKING_RULES, linkToScale, roundTo } from '../../common/statistics/index';
import type { Db } from '../db/database';

const r4 = (value: number) => roundTo(value, 4)!;

/**
 * Each scale the bank holds some of the exam's questions on (by their source question, on the
 * scale of their skill): this exam's own difficulties moved onto it by the mean difference over
 * those questions, beside the bank's current values, and the drift between them.
 */
export async function scaleDrifts(db: Db, examId: number, rasch: RaschCalibration | null): Promise<ScaleDrift[]> {
  if (!rasch) return [];
  const { rows } = await sql<{
    exam_question_id: number;
    scale_id: number;
    name_en: string;
    name_ar: string;
    difficulty: number;
    calibration_id: number;
  }>`
    select q.id as exam_question_id, s.id as scale_id, s.name_en, s.name_ar, p.difficulty, p.calibration_id
    from exam_questions q
    join exams e on e.id = q.exam_id
    join scales s on s.platform_id = e.platform_id and s.skill_id = q.skill_id
    join lateral (select difficulty, calibration_id from item_parameters ip
      where ip.scale_id = s.id and ip.question_id = q.source_question_id
      order by ip.calibration_id desc, ip.id desc limit 1) p on true
    where q.exam_id = ${examId}
    order by s.id, q.position, q.id`.execute(db);
  const own = new Map(rasch.items.filter((item) => item.difficulty !== null).map((item) => [item.id, item]));
  const byScale = new Map<number, typeof rows>();
  for (const row of rows)
    if (own.has(row.exam_question_id)) byScale.set(row.scale_id, [...(byScale.get(row.scale_id) ?? []), row]);
  return [...byScale.values()].map((common) => {
    // The calibration's own screen sets the shift, so one drifted question does not move every drift.
    const { shift } = linkToScale(
      common.map((row) => {
        const item = own.get(row.exam_question_id)!;
        return { id: row.exam_question_id, bank: Number(row.difficulty), free: item.difficulty!, marks: 1, se: null };
      }),
      common.length,
    );
    return {
      scale: { id: common[0].scale_id, name_en: common[0].name_en, name_ar: common[0].name_ar },
      shift: r4(shift),
      items: common.map((row) => {
        const item = own.get(row.exam_question_id)!;
        const drift = item.difficulty! + shift - Number(row.difficulty);
        return {
          id: item.id,
          position: item.position,
          difficulty: r4(item.difficulty! + shift),
          bank_difficulty: r4(Number(row.difficulty)),
          calibration_id: row.calibration_id,
          drift: r4(drift),
          drifted: Math.abs(drift) > LINKING_RULES.maxDisplacement,
        };
      }),
    };
  });
}
