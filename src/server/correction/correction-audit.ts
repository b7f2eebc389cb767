import type { CorrectionAuditEntry } from '../../common/contracts/index';
import type { MarkingHandle } from '../../common/correction/index';
import type { Db } from '../db/database';
import { loadCorrectionTarget } from './correction-context';

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * Every change of a mark on the student's latest attempt, oldest first: who, when, what, and why.
 * Under anonymous marking the attempt's id is not given.
 */
export async function correctionAudit(db: Db, examId: number, handle: MarkingHandle): Promise<CorrectionAuditEntry[]> {
  const { attempt, exam } = await loadCorrectionTarget(db, examId, handle);
  if (!attempt) return [];
  const rows = await db
    .selectFrom('correction_audit')
    .selectAll()
    .where('attempt_id', '=', attempt.id)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    attempt_id: exam.anonymous_marking ? null : row.attempt_id,
    question_id: row.question_id,
    part: row.part,
    slot: row.slot,
    user: { id: row.user_id, name: row.user_name },
    old_mark: num(row.old_mark),
    new_mark: num(row.new_mark),
    old_comment: row.old_comment,
    new_comment: row.new_comment,
    reason: row.reason,
    created_at: new Date(row.created_at).toISOString(),
  }));
}
