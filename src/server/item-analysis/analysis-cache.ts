import { sql } from 'kysely';
import type { ItemAnalysisReport } from '../../common/contracts/index';
import type { Db } from '../db/database';

/** Exams whose analysis a process keeps (the most recently computed). */
const CAPACITY = 20;

/**
 * What an exam's item analysis depends on, read in one small query: its attempts (how many, the
 * newest, every correction and re-marking through `correction_version` and `updated_at`), its
 * questions, and what DIF groups by (the assignments' version and school, the students' gender, the
 * versions' names). Equal fingerprints, equal analyses.
 */
export async function analysisFingerprint(db: Db, examId: number): Promise<string> {
  const { rows } = await sql<Record<string, unknown>>`
    select count(a.id) as attempts, max(a.id) as newest, max(a.updated_at) as changed,
      coalesce(sum(a.correction_version), 0) as versions,
      max(se.updated_at) as assignments, max(st.updated_at) as students,
      (select max(q.updated_at) from exam_questions q where q.exam_id = ${examId}) as questions,
      (select count(*) from exam_questions q where q.exam_id = ${examId}) as question_count,
      (select max(l.updated_at) from exam_localizations l where l.exam_id = ${examId}) as versions_named
    from student_exams se join exam_attempts a on a.student_exam_id = se.id
    join students st on st.id = se.student_id
    where se.exam_id = ${examId}`.execute(db);
  return JSON.stringify(rows[0], (_key, value) => (value instanceof Date ? value.getTime() : value));
}

/**
 * Item analyses already computed, as Moodle keeps its quiz statistics: reading a few hundred
 * thousand answers again is needed only when a result or a question changed.
 */
export class AnalysisCache {
  private readonly entries = new Map<number, { fingerprint: string; report: ItemAnalysisReport }>();
  /** Computations under way, by exam and fingerprint: requests that arrive meanwhile wait for the same one. */
  private readonly running = new Map<string, Promise<ItemAnalysisReport>>();

  /**
   * The analysis of `examId` as of `fingerprint`: kept, being computed (joined: one computation per
   * exam however many requests arrive while it runs), or computed now by `compute` and kept. A
   * failed computation is not kept; the next request tries again.
   */
  share(examId: number, fingerprint: string, compute: () => Promise<ItemAnalysisReport>): Promise<ItemAnalysisReport> {
    const kept = this.get(examId, fingerprint);
    if (kept) return Promise.resolve(kept);
    const key = `${examId}:${fingerprint}`;
    const pending = this.running.get(key);
    if (pending) return pending;
    const computing = compute()
      .then((report) => {
        this.set(examId, fingerprint, report);
        return report;
      })
      .finally(() => this.running.delete(key));
    this.running.set(key, computing);
    return computing;
  }

  get(examId: number, fingerprint: string): ItemAnalysisReport | null {
    const entry = this.entries.get(examId);
    return entry?.fingerprint === fingerprint ? entry.report : null;
  }

  set(examId: number, fingerprint: string, report: ItemAnalysisReport): void {
    this.entries.delete(examId);
    this.entries.set(examId, { fingerprint, report });
    if (this.entries.size > CAPACITY) this.entries.delete(this.entries.keys().next().value!);
  }
}
