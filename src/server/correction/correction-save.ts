import { sql } from 'kysely';
import { z } from 'zod';
import {
  attemptResult,
  itemKey,
  itemScoresText,
  itemOutcome,
  MARKER_SLOTS,
  questionScores,
  sheetResult,
  type MarkerSlot,
  type MarkingHandle,
  type MarkingItem,
  type SheetMark,
} from '../../common/correction/index';
import { markingCode } from '../../common/contracts/index';
import { idValue } from '../../common/ids';
import { recordAudit, type AuditContext } from '../audit';
import type { Db } from '../db/database';
import { ValidationIssues } from '../http/app-error';
import {
  loadCorrectionTarget,
  loadScoringInput,
  loadSheets,
  lockAttempt,
  markerPlace,
  rulesOf,
  versionOf,
  type AttemptRecord,
  type CorrectionTarget,
} from './correction-context';
import { correctionRefusal } from './refusals';

const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullable()
    .optional()
    .transform((text) => (text && text.trim() !== '' ? text.trim() : null));

/**
 * `POST /api/exams/submit/correction`: the student is named by `student_id` (SPEC section 7), or
 * by `code` when the exam is marked anonymously; exactly one of them.
 */
export const correctionBody = z.strictObject({
  exam_id: idValue(),
  student_id: idValue().optional(),
  code: markingCode.optional(),
  /** The marker's `version` from the correction they read: a save from an older one is refused (409). */
  version: z.number().int().min(0).max(2_147_483_647),
  corrections: z
    .array(
      z.strictObject({
        question_id: idValue(),
        /** A related question's id inside a paragraph; '' or absent for the whole question. */
        part: z.string().max(64).optional().default(''),
        /** Between 0 and the item's mark, two decimals at most; null takes the marker's mark back. */
        mark: z.number().nullable(),
        comment: optionalText(2000),
        /** Required to override an automatic score. */
        reason: optionalText(500),
      }),
    )
    .min(1)
    .max(500),
});
export type CorrectionBody = z.infer<typeof correctionBody>;

/** The handle a save names its student by; neither or both is a 422 on `student_id`. */
export function handleOfBody(body: CorrectionBody): MarkingHandle {
  if ((body.student_id === undefined) === (body.code === undefined))
    throw new ValidationIssues([{ path: ['student_id'], message: 'correction.errors.student_or_code' }]);
  return body.student_id ?? body.code!;
}
type Correction = CorrectionBody['corrections'][number];

const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** The body's problems against the attempt's items (422): unknown items, marks out of range, overrides without a reason. */
function check(
  corrections: Correction[],
  items: Map<string, MarkingItem>,
  deciding: boolean,
  marks: SheetMark[],
  target: CorrectionTarget,
) {
  const issues: { path: (string | number)[]; message: string; params?: Record<string, string | number> }[] = [];
  const seen = new Set<string>();
  corrections.forEach((c, i) => {
    const key = itemKey(c.question_id, c.part);
    const item = items.get(key);
    if (!item || seen.has(key)) {
      issues.push({
        path: ['corrections', i, 'question_id'],
        message: item ? 'correction.errors.duplicate' : 'correction.errors.not_in_exam',
      });
      return;
    }
    seen.add(key);
    if (c.mark !== null && (c.mark < 0 || c.mark > item.max || !twoDecimals(c.mark)))
      issues.push({
        path: ['corrections', i, 'mark'],
        message: 'correction.errors.mark_range',
        params: { max: item.max },
      });
    if (!item.manual && c.mark !== null && !c.reason)
      issues.push({ path: ['corrections', i, 'reason'], message: 'correction.errors.reason_required' });
    if (deciding && item.manual && c.mark !== null) {
      const own = marks.filter((m) => m.question_id === item.question_id && m.part === item.part);
      if (!itemOutcome(item, own, rulesOf(target.exam)).disputed)
        issues.push({ path: ['corrections', i, 'mark'], message: 'correction.errors.not_disputed' });
    }
  });
  if (issues.length > 0) throw new ValidationIssues(issues);
}

/** Claims or advances the marker's sheet from `version`; a lost race or an older version is a 409. */
async function advanceSheet(trx: Db, attemptId: number, slot: number, version: number, userId: number, now: Date) {
  if (version === 0) {
    const created = await trx
      .insertInto('correction_sheets')
      .values({ attempt_id: attemptId, slot, marker_id: userId, version: 1, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['attempt_id', 'slot']).doNothing())
      .returning('slot')
      .executeTakeFirst();
    if (!created) throw correctionRefusal.stale();
    return;
  }
  const advanced = await trx
    .updateTable('correction_sheets')
    .set({ version: version + 1, updated_at: now })
    .where('attempt_id', '=', attemptId)
    .where('slot', '=', slot)
    .where('version', '=', version)
    .returning('slot')
    .executeTakeFirst();
  if (!advanced) throw correctionRefusal.stale();
}

const sameText = (a: string | null | undefined, b: string | null | undefined) => (a ?? null) === (b ?? null);

/** One mark changed by a save, as the audit log summarizes it (comments are not copied there). */
interface MarkChange {
  question_id: number;
  part: string;
  old_mark: number | null;
  new_mark: number | null;
  comment_changed?: true;
  reason?: string;
}

/** Writes the marks and records each change in the correction audit; answers the changes. */
async function writeMarks(
  trx: Db,
  attempt: AttemptRecord,
  slot: number,
  corrections: Correction[],
  items: Map<string, MarkingItem>,
  existing: SheetMark[],
  user: { id: number; name: string },
  now: Date,
): Promise<MarkChange[]> {
  const changes: MarkChange[] = [];
  for (const c of corrections) {
    const item = items.get(itemKey(c.question_id, c.part))!;
    const old = existing.find((m) => m.slot === slot && m.question_id === c.question_id && m.part === c.part);
    // A reason belongs to an override of an automatic score; a manual mark keeps none.
    const reason = !item.manual && c.mark !== null ? c.reason : null;
    const where = { attempt_id: attempt.id, slot, question_id: c.question_id, part: c.part };
    if (c.mark === null && !c.comment) {
      if (!old) continue;
      await trx
        .deleteFrom('correction_marks')
        .where('attempt_id', '=', attempt.id)
        .where('slot', '=', slot)
        .where('question_id', '=', c.question_id)
        .where('part', '=', c.part)
        .execute();
    } else {
      if (old && old.mark === c.mark && sameText(old.comment, c.comment) && sameText(old.reason, reason)) continue;
      await trx
        .insertInto('correction_marks')
        .values({ ...where, mark: c.mark, comment: c.comment, reason, updated_at: now })
        .onConflict((oc) =>
          oc.columns(['attempt_id', 'slot', 'question_id', 'part']).doUpdateSet({
            mark: c.mark,
            comment: c.comment,
            reason,
            updated_at: now,
          }),
        )
        .execute();
    }
    await trx
      .insertInto('correction_audit')
      .values({
        ...where,
        user_id: user.id,
        user_name: user.name,
        old_mark: old?.mark ?? null,
        new_mark: c.mark,
        old_comment: old?.comment ?? null,
        new_comment: c.mark === null && !c.comment ? null : c.comment,
        reason,
        created_at: now,
      })
      .execute();
    const newComment = c.mark === null && !c.comment ? null : c.comment;
    changes.push({
      question_id: c.question_id,
      part: c.part,
      old_mark: old?.mark ?? null,
      new_mark: c.mark,
      ...(sameText(old?.comment, newComment) ? {} : { comment_changed: true as const }),
      ...(reason ? { reason } : {}),
    });
  }
  return changes;
}

/**
 * The attempt's marking counters and, once every part has its final mark, its stored result; and
 * the saving sheet's own outcome, which is what a blind marker is shown.
 */
async function storeResult(
  trx: Db,
  target: CorrectionTarget,
  attempt: AttemptRecord,
  slot: MarkerSlot,
  items: MarkingItem[],
  now: Date,
) {
  const { marks } = await loadSheets(trx, attempt.id);
  const own = sheetResult(items, marks, slot, target.exam);
  await trx
    .updateTable('correction_sheets')
    .set({
      marked_count: own.marking_final,
      result_score: own.complete ? own.score : null,
      result_mark: own.complete ? own.mark : null,
      result_passed: own.complete ? own.passed : null,
    })
    .where('attempt_id', '=', attempt.id)
    .where('slot', '=', slot)
    .execute();
  const result = attemptResult(items, marks, rulesOf(target.exam), target.exam);
  await trx
    .updateTable('exam_attempts')
    .set({
      marking_total: result.marking_total,
      marking_final: result.marking_final,
      marking_started: result.marking_started,
      needs_deciding: result.needs_deciding,
      correction_version: sql<number>`correction_version + 1`,
      result_score: result.complete ? result.score : null,
      result_max: result.complete ? result.max : null,
      result_mark: result.complete ? result.mark : null,
      result_passed: result.complete ? result.passed : null,
      skill_scores: result.complete ? JSON.stringify(result.skills) : null,
      item_scores: result.complete ? itemScoresText(questionScores(items, marks, rulesOf(target.exam))) : null,
      corrected_at: result.complete ? now : null,
      updated_at: now,
    })
    .where('id', '=', attempt.id)
    .execute();
}

/**
 * Saves a marker's corrections in one transaction, the attempt locked: the marker's place (the
 * shared sheet, or under double marking their own blind sheet or the deciding one), the version
 * check, the bounds, the marks, the audit trail, and the attempt's counters and result.
 */
export async function saveCorrections(
  db: Db,
  body: CorrectionBody,
  handle: MarkingHandle,
  user: { id: number; name: string },
  now: Date,
  audit: AuditContext,
) {
  await db.transaction().execute(async (trx) => {
    const target = await loadCorrectionTarget(trx, body.exam_id, handle);
    const attempt = target.attempt;
    if (target.exam.is_mock) throw correctionRefusal.mock();
    if (!attempt || attempt.status !== 'submitted') throw correctionRefusal.notSubmitted();
    await lockAttempt(trx, attempt.id);
    const input = await loadScoringInput(trx, target.exam.id, attempt.id);
    const allItems = [...input.items.values()].flat();
    const items = new Map(allItems.map((item) => [itemKey(item.question_id, item.part), item]));
    const { sheets, marks } = await loadSheets(trx, attempt.id);
    const before = attemptResult(allItems, marks, rulesOf(target.exam), target.exam);
    const place = markerPlace(target.exam.double_marking, sheets, user.id, before.needs_deciding);
    if (place.slot === null) throw correctionRefusal.noPlace();
    if (versionOf(sheets, place.slot) !== body.version) throw correctionRefusal.stale();
    check(body.corrections, items, place.slot === MARKER_SLOTS.deciding, marks, target);
    await advanceSheet(trx, attempt.id, place.slot, body.version, user.id, now);
    const changes = await writeMarks(trx, attempt, place.slot, body.corrections, items, marks, user, now);
    await storeResult(trx, target, attempt, place.slot, allItems, now);
    const reasons = [...new Set(changes.flatMap((change) => (change.reason ? [change.reason] : [])))];
    // Under anonymous marking the log names the code, never the attempt or the school: no one joins a
    // save to the person by the log's other rows (exam day's name the attempts and the schools).
    const anonymous = target.exam.anonymous_marking;
    await recordAudit(trx, {
      ...audit,
      action: 'corrections.save',
      target: anonymous ? `marking_codes/${target.assignment.code}` : `exam_attempts/${attempt.id}`,
      schoolId: anonymous ? null : target.assignment.school_id,
      summary: { exam_id: target.exam.id, slot: place.slot, version: body.version, changes },
      reason: reasons.length > 0 ? reasons.join(' | ') : null,
    });
  });
}
