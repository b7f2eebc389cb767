import { sql } from 'kysely';
import type { SchemaRegistry } from '../../../schemas/index';
import type { Db } from '../db/database';
import { dynamic, type DynamicRow } from '../db/dynamic';
import { invalid, notFound } from '../http/app-error';
import { QuestionsStore, type QuestionBody } from '../questions';
import { storedColumns } from '../resources';
import questionsBank from '../../../schemas/questions-bank';
import { assertEditable, loadExamState } from './exam-rules';
import type { ExamQuestionRecord } from '../../common/contracts/index';
import { changedColumns, recordAudit, type AuditContext } from '../audit';

/** A bank question's columns, as its declaration has them: what an exam's copy takes. */
const COPIED_COLUMNS = storedColumns(questionsBank);

/**
 * An audit entry for a change to an exam's questions, in the transaction that makes it: the action
 * `exam_questions.<verb>`, the exam as its target (an exam's history is read by its target).
 */
const auditQuestions = (
  trx: Db,
  audit: AuditContext,
  verb: 'assign' | 'create' | 'update' | 'delete' | 'reorder',
  examId: number,
  summary: Record<string, unknown>,
) => recordAudit(trx, { ...audit, action: `exam_questions.${verb}`, target: `exams/${examId}`, summary });

/**
 * The questions an exam holds. They are copies: adding from the bank copies the row, so later
 * bank edits never change a built exam. Every change is refused (418) once the exam is published.
 */
export class ExamQuestionsStore {
  private readonly questions: QuestionsStore;

  constructor(
    private readonly db: Db,
    registry: SchemaRegistry,
    timeZone: string,
  ) {
    this.questions = new QuestionsStore(db, registry, timeZone);
  }

  /**
   * A copy is presented as a question, with its place in the exam and where it came from: an exam
   * question record, which the routes' response schema holds it to.
   */
  private async present(rows: DynamicRow[]): Promise<ExamQuestionRecord[]> {
    const presented = await this.questions.present(rows.map((row) => ({ ...row })));
    return presented.map(
      (question, i) =>
        ({
          ...question,
          exam_id: rows[i].exam_id,
          source_question_id: rows[i].source_question_id,
          position: rows[i].position,
        }) as ExamQuestionRecord,
    );
  }

  async list(examId: number) {
    await loadExamState(this.db, examId);
    const rows = await this.db
      .selectFrom('exam_questions')
      .selectAll()
      .where('exam_id', '=', examId)
      .orderBy('position')
      .orderBy('id')
      .execute();
    return this.present(rows);
  }

  /** Copies bank questions into the exam, after those it has; they must be on the exam's platform and skills. */
  async assignFromBank(examId: number, questionIds: number[], audit: AuditContext & { actorId: number }) {
    const exam = await loadExamState(this.db, examId);
    assertEditable(exam);
    const ids = [...new Set(questionIds)];
    const bank = await this.db.selectFrom('questions').selectAll().where('id', 'in', ids).execute();
    const skills = new Set(
      (await this.db.selectFrom('exam_skills').select('skill_id').where('exam_id', '=', examId).execute()).map(
        (s) => s.skill_id,
      ),
    );
    const refused = ids.filter((id) => {
      const q = bank.find((b) => b.id === id);
      return !q || q.platform_id !== exam.platform_id || !skills.has(q.skill_id);
    });
    if (refused.length > 0) throw invalid({ question_ids: ['exams.errors.question_not_allowed'] });
    let position = await this.nextPosition(examId);
    await this.db.transaction().execute(async (trx) => {
      const copies: number[] = [];
      for (const id of ids) {
        const source = bank.find((b) => b.id === id)!;
        const copy = Object.fromEntries(COPIED_COLUMNS.map((c) => [c, (source as Record<string, unknown>)[c]]));
        const row = await dynamic(trx)
          .insertInto('exam_questions')
          .values({
            ...copy,
            answer_key: JSON.stringify(source.answer_key),
            mark: Number(source.mark),
            exam_id: examId,
            source_question_id: id,
            position: position++,
            created_by: audit.actorId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        copies.push(Number(row.id));
      }
      await auditQuestions(trx, audit, 'assign', examId, { bank_question_ids: ids, exam_question_ids: copies });
    });
    return this.list(examId);
  }

  /** 404, or 418 once the exam is published: its routes ask before the body is read. */
  async assertEditable(examId: number) {
    const exam = await loadExamState(this.db, examId);
    assertEditable(exam);
    return exam;
  }

  /** The exam's question, editable: 404 or 418 before its body is read. */
  async assertQuestionEditable(examId: number, questionId: number) {
    await this.assertEditable(examId);
    return this.find(examId, questionId);
  }

  /** A question written inside the exam: the bank's body, with the bank's checks of its references and media. */
  async create(examId: number, question: QuestionBody, audit: AuditContext & { actorId: number }) {
    const exam = await this.assertEditable(examId);
    const columns = await this.questions.prepare(question);
    if (columns.platform_id !== exam.platform_id) throw invalid({ platform_id: ['validation.platform_mismatch'] });
    const position = await this.nextPosition(examId);
    const row = await this.db.transaction().execute(async (trx) => {
      const written = await dynamic(trx)
        .insertInto('exam_questions')
        .values({ ...columns, exam_id: examId, source_question_id: null, position, created_by: audit.actorId })
        .returningAll()
        .executeTakeFirstOrThrow();
      await auditQuestions(trx, audit, 'create', examId, {
        exam_question_id: written.id,
        ...changedColumns(null, written, COPIED_COLUMNS),
      });
      return written;
    });
    return (await this.present([row]))[0];
  }

  async update(examId: number, questionId: number, question: QuestionBody, audit: AuditContext) {
    const existing = await this.assertQuestionEditable(examId, questionId);
    const columns = await this.questions.prepare(question);
    if (columns.platform_id !== existing.platform_id) throw invalid({ platform_id: ['validation.platform_mismatch'] });
    const row = await this.db.transaction().execute(async (trx) => {
      const written = await dynamic(trx)
        .updateTable('exam_questions')
        .set({ ...columns, updated_at: sql`now()` })
        .where('id', '=', questionId)
        .returningAll()
        .executeTakeFirstOrThrow();
      await auditQuestions(trx, audit, 'update', examId, {
        exam_question_id: questionId,
        ...changedColumns(existing, written, COPIED_COLUMNS),
      });
      return written;
    });
    return (await this.present([row]))[0];
  }

  async remove(examId: number, questionId: number, audit: AuditContext) {
    assertEditable(await loadExamState(this.db, examId));
    const existing = await this.find(examId, questionId);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('exam_questions').where('id', '=', questionId).execute();
      await auditQuestions(trx, audit, 'delete', examId, {
        exam_question_id: questionId,
        ...changedColumns(existing, null, COPIED_COLUMNS),
      });
    });
    return (await this.present([existing]))[0];
  }

  /** Puts the questions in the given order; the list must name each of the exam's questions once. */
  async reorder(examId: number, questionIds: number[], audit: AuditContext) {
    assertEditable(await loadExamState(this.db, examId));
    const current = (
      await this.db
        .selectFrom('exam_questions')
        .select('id')
        .where('exam_id', '=', examId)
        .orderBy('position')
        .orderBy('id')
        .execute()
    ).map((r) => r.id);
    const same =
      questionIds.length === current.length &&
      new Set(questionIds).size === current.length &&
      questionIds.every((id) => current.includes(id));
    if (!same) throw invalid({ question_ids: ['exams.errors.reorder_mismatch'] });
    await this.db.transaction().execute(async (trx) => {
      for (const [index, id] of questionIds.entries()) {
        await trx
          .updateTable('exam_questions')
          .set({ position: index + 1 })
          .where('id', '=', id)
          .execute();
      }
      await auditQuestions(trx, audit, 'reorder', examId, { before: current, after: questionIds });
    });
    return this.list(examId);
  }

  private async find(examId: number, questionId: number) {
    const row = await this.db
      .selectFrom('exam_questions')
      .selectAll()
      .where('id', '=', questionId)
      .where('exam_id', '=', examId)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  private async nextPosition(examId: number): Promise<number> {
    const { max } = await this.db
      .selectFrom('exam_questions')
      .select(sql<number>`coalesce(max(position), 0)::int`.as('max'))
      .where('exam_id', '=', examId)
      .executeTakeFirstOrThrow();
    return max + 1;
  }
}
