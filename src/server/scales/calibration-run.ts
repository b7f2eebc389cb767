import type { FastifyBaseLogger } from 'fastify';
import { fitRasch, linkToScale, type Anchor, type RaschResult } from '../../common/statistics/index';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { CalibrationStatus } from '../db/types-calibrations';
import { currentParameters, type BankParameter } from './bank-parameters';
import { running } from './calibration-progress';
import { placeConcurrently } from './calibration-concurrent';
import { loadScaleForm, type ScaleForm } from './calibration-forms';
import {
  CALIBRATION_MIN_ATTEMPTS,
  r4,
  refusedOutcome,
  sameCategories,
  type ExamOutcome,
  type ExamRefusal,
  type ParameterRow,
} from './calibration-outcome';

/** A run claimed longer ago than this is taken to have died with its process (pg-boss's own expiry is 15). */
export const STALE_MINUTES = 15;

/** One exam calibrated on its own and put on the scale: free (the origin), or through its anchors. */
function placeOnScale(
  form: ScaleForm,
  origin: boolean,
  bank: Map<number, BankParameter>,
): { outcome: ExamOutcome; rows: ParameterRow[] } {
  const empty = (refused: ExamRefusal) => refusedOutcome(form, origin ? 'origin' : 'linked', refused);
  if (form.scores.length < CALIBRATION_MIN_ATTEMPTS || form.items.length === 0)
    return { outcome: empty('too_few_attempts'), rows: [] };
  const fit: RaschResult = fitRasch({ items: form.items, scores: form.scores });
  const calibrated = fit.items.filter((item) => !item.extreme);
  if (calibrated.length === 0) return { outcome: empty('too_few_attempts'), rows: [] };
  let shift = 0;
  let linkSe: number | null = null;
  let stable: ExamOutcome['stable'] = [];
  let dropped: ExamOutcome['dropped'] = [];
  let refused: ExamRefusal | null = null;
  let final = fit;
  /** Exam questions kept at the bank's values, or left out of the bank (a drifted anchor). */
  const notBanked = new Set<number>();
  if (!origin) {
    const positionOf = (questionId: number) => form.questions.findIndex((q) => q.id === questionId) + 1;
    const anchors: Anchor[] = calibrated.flatMap((item) => {
      const sourceId = form.questions[item.index].source_question_id;
      const banked = sourceId === null ? undefined : bank.get(sourceId);
      if (!banked) return [];
      // An anchor is fixed at the bank's steps only where this sitting kept the same categories; one
      // that did not cannot anchor (and scores this exam only, leaving the bank's value as it is).
      if (!sameCategories(banked.categories, item.categories)) {
        notBanked.add(form.questions[item.index].id);
        return [];
      }
      const se = banked.se !== null && item.se !== null ? Math.hypot(banked.se, item.se) : null;
      return [
        { id: form.questions[item.index].id, bank: banked.difficulty, free: item.difficulty!, marks: item.max, se },
      ];
    });
    const totalMarks = form.items.reduce((total, item) => total + item.max, 0);
    const link = linkToScale(anchors, totalMarks);
    shift = link.shift;
    linkSe = link.se;
    stable = link.stable.map((a) => ({
      question_id: Number(a.id),
      position: positionOf(Number(a.id)),
      displacement: r4(a.displacement)!,
    }));
    dropped = link.dropped.map((a) => ({
      question_id: Number(a.id),
      position: positionOf(Number(a.id)),
      displacement: r4(a.displacement)!,
      robust_z: r4(a.robustZ),
    }));
    refused = link.refused;
    for (const anchor of anchors) notBanked.add(Number(anchor.id));
    if (!refused) {
      // Fixed-parameter calibration: the stable anchors keep the bank's parameters, the rest (and the
      // sitting's mean) are estimated on the scale they fix.
      const stableIds = new Set(link.stable.map((a) => Number(a.id)));
      const kept = form.questions.map((question) => {
        const banked = stableIds.has(question.id) ? bank.get(question.source_question_id!) : undefined;
        return banked ? { categories: banked.categories, thresholds: banked.thresholds } : null;
      });
      final = fitRasch({ items: form.items, scores: form.scores }, { anchors: kept });
    }
  }
  const outcome: ExamOutcome = {
    exam_id: form.examId,
    attempts: form.scores.length,
    questions: form.questions.length,
    calibrated: final.items.filter((item) => !item.extreme).length,
    converged: final.converged,
    iterations: final.iterations,
    reliability: r4(final.reliability),
    sd: r4(final.sd),
    mean: r4(final.mean)!,
    role: origin ? 'origin' : 'linked',
    shift: r4(shift)!,
    link_se: r4(linkSe),
    stable,
    dropped,
    worst_infit: r4(Math.max(0, ...final.items.map((item) => item.infit ?? 0))),
    worst_outfit: r4(Math.max(0, ...final.items.map((item) => item.outfit ?? 0))),
    refused,
  };
  // An anchor's row scores this exam; the bank's current value stays the calibration it came from.
  const rows = final.items
    .filter((item) => !item.extreme)
    .map((item) => {
      const question = form.questions[item.index];
      const banked = question.source_question_id === null ? undefined : bank.get(question.source_question_id);
      return {
        exam_question_id: question.id,
        question_id: notBanked.has(question.id) ? null : question.source_question_id,
        max: item.max,
        categories: item.categories,
        difficulty: item.difficulty!,
        se: item.anchored ? (banked?.se ?? null) : item.se,
        thresholds: item.thresholds,
      };
    });
  return { outcome, rows };
}

/**
 * The calibration job. Concurrent (`design`): every exam at once (calibration-concurrent.ts).
 * Separate, the default: each exam in the order given is calibrated on its own (marginal maximum
 * likelihood, rasch/index.ts) and put on the scale, the first of an `origin` calibration as it
 * stands (its sitting's mean is the scale's 0), every other one by its anchors (linking.ts), which
 * may be questions an earlier exam of the same calibration placed (a vertical chain). All or
 * nothing: an exam that cannot be placed refuses the whole calibration and no parameter is written.
 */
export async function runCalibration(db: Db, id: number, log?: FastifyBaseLogger): Promise<void> {
  // Claimed once: a second runner of the same calibration (a job and a direct call) finds it taken.
  // A run whose process died (still `running` after STALE_MINUTES) is taken again: nothing was written.
  const job = await db
    .updateTable('calibrations')
    .set({ status: 'running', started_at: sql`now()` })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'queued'),
        eb.and([
          eb('status', '=', 'running'),
          eb('started_at', '<', sql<Date>`now() - make_interval(mins => ${STALE_MINUTES})`),
        ]),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
  if (!job) return;
  const examIds = (typeof job.exam_ids === 'string' ? JSON.parse(job.exam_ids) : job.exam_ids) as number[];
  running.set(id, 0);
  try {
    const scale = await db
      .selectFrom('scales')
      .select(['id', 'skill_id', 'anchor_calibration_id'])
      .where('id', '=', job.scale_id)
      .executeTakeFirstOrThrow();
    const bank = await currentParameters(db, scale.id);
    const outcomes: ExamOutcome[] = [];
    const rows: (ParameterRow & { exam_id: number; attempts: number })[] = [];
    let status: CalibrationStatus = 'done';
    if (job.design === 'concurrent') {
      const forms: ScaleForm[] = [];
      for (const examId of examIds) forms.push(await loadScaleForm(db, examId, scale.skill_id));
      const placed = placeConcurrently(forms, job.method === 'origin', bank);
      outcomes.push(...placed.outcomes);
      rows.push(...placed.rows);
      if (placed.refused) status = 'refused';
    } else
      for (const [index, examId] of examIds.entries()) {
        const form = await loadScaleForm(db, examId, scale.skill_id);
        const placed = placeOnScale(form, job.method === 'origin' && index === 0, bank);
        outcomes.push(placed.outcome);
        if (placed.outcome.refused) {
          status = 'refused';
          break;
        }
        for (const row of placed.rows) {
          rows.push({ ...row, exam_id: examId, attempts: form.scores.length });
          // A later exam of the same calibration may anchor on it.
          if (row.question_id !== null)
            bank.set(row.question_id, {
              difficulty: row.difficulty,
              se: row.se,
              calibration_id: id,
              categories: row.categories,
              thresholds: row.thresholds,
            });
        }
        running.set(id, index + 1);
        await db
          .updateTable('calibrations')
          .set({ progress: index + 1 })
          .where('id', '=', id)
          .execute();
      }
    await db.transaction().execute(async (trx) => {
      if (status === 'done' && rows.length > 0)
        await trx
          .insertInto('item_parameters')
          .values(
            rows.map((row) => ({
              scale_id: scale.id,
              calibration_id: id,
              exam_id: row.exam_id,
              exam_question_id: row.exam_question_id,
              question_id: row.question_id,
              max: row.max,
              categories: JSON.stringify(row.categories),
              difficulty: row.difficulty,
              se: row.se,
              thresholds: JSON.stringify(row.thresholds),
              attempts: row.attempts,
            })),
          )
          .execute();
      await trx
        .updateTable('calibrations')
        .set({
          status,
          results: JSON.stringify(outcomes),
          message: status === 'refused' ? `calibrations.refusals.${outcomes.find((o) => o.refused)!.refused}` : null,
          ...(status === 'done' ? { progress: examIds.length } : {}),
          finished_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
      if (status === 'done' && job.method === 'origin')
        await trx
          .updateTable('scales')
          .set({ anchor_calibration_id: id })
          .where('id', '=', scale.id)
          .where('anchor_calibration_id', 'is', null)
          .execute();
    });
  } catch (error) {
    log?.error({ err: error, calibration: id }, 'calibration failed');
    await db
      .updateTable('calibrations')
      .set({ status: 'failed', message: 'calibrations.errors.failed', finished_at: new Date() })
      .where('id', '=', id)
      .execute();
  } finally {
    running.delete(id);
  }
}
