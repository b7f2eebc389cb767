import type { AuditContext } from '../audit';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { SchemaRegistry } from '../../../schemas/index';
import type { ResourceDefinition } from '../../../schemas/vocabulary';
import { lookupKey } from '../../common/declarations';
import type { ExamFormLookups, ExamRecord, ListEnvelope } from '../../common/contracts/index';
import { examFormSchema } from '../../common/exams/exam-form';
import type { Db } from '../db/database';
import { dynamic, type DynamicRow } from '../db/dynamic';
import { presentRecord, ResourceStore, type ListQuery } from '../resources';
import { assertEditable, loadExamState } from './exam-rules';

type Row = DynamicRow & { id: number };
/** An exam as the API answers it: its declaration's record (`examRecord`, held to it by the route's schema). */
type Exam = ExamRecord;

/** The exam form's body as its route has validated it (schemas/exams.ts, with the exam's rules). */
export type ExamBody = z.output<typeof examFormSchema>;

/**
 * Exams on the schema engine (schemas/exams.ts): the form's rules on write, and on read the
 * spec's read-only relations (type, duration minutes) and the totals computed from the questions.
 */
export class ExamsStore {
  private readonly resources: ResourceStore;
  private readonly exams: ResourceDefinition;

  constructor(
    private readonly db: Db,
    private readonly registry: SchemaRegistry,
    private readonly timeZone: string,
  ) {
    this.resources = new ResourceStore(db, registry, timeZone);
    this.exams = registry.get('exams')!;
  }

  /**
   * The exam form's choices on one platform: the records of every resource the exam schema refers
   * to (durations, grades, levels, rounds, exam types, skills), keyed by resource in camel case.
   */
  async formLookups(platformId: number): Promise<ExamFormLookups> {
    const lookups: Record<string, DynamicRow[]> = {};
    for (const field of Object.values(this.exams.fields)) {
      if (field.type !== 'reference' && field.type !== 'references') continue;
      const target = this.registry.get(field.resource)!;
      let rows = dynamic(this.db).selectFrom(target.table).selectAll();
      if (target.platformScoped) rows = rows.where('platform_id', '=', platformId);
      lookups[lookupKey(target.name)] = (await rows.orderBy('id').execute()).map((row) =>
        presentRecord(target, row, this.timeZone),
      );
    }
    // Keyed by the declaration's references, as `examFormLookups` derives them.
    return lookups as ExamFormLookups;
  }

  async list(query: ListQuery): Promise<ListEnvelope<Exam>> {
    const result = await this.resources.list(this.exams, query);
    return { ...result, data: await this.withTotals(result.data) };
  }

  async get(id: number, platformId?: number): Promise<Exam> {
    return (await this.withTotals([await this.resources.get(this.exams, id, platformId)]))[0];
  }

  async create(exam: ExamBody, userId: number, audit?: AuditContext): Promise<Exam> {
    const created = await this.resources.create(this.exams, exam, { created_by: userId }, undefined, audit);
    return this.get(created.id);
  }

  /**
   * An exam that may be edited: 404 when it is not there (or not on `platformId`), 418 when it is
   * published. Its route asks before the form is read, so a published exam is refused whatever
   * its form says.
   */
  async assertEditable(id: number, platformId?: number): Promise<void> {
    await this.resources.get(this.exams, id, platformId);
    assertEditable(await loadExamState(this.db, id));
  }

  async update(id: number, exam: ExamBody, platformId?: number, audit?: AuditContext): Promise<Exam> {
    await this.assertEditable(id, platformId);
    await this.resources.update(this.exams, id, exam, platformId, undefined, audit);
    return this.get(id);
  }

  /** Adds the exam type and duration minutes the spec lists, and the totals of the questions. */
  private async withTotals(rows: Row[]): Promise<Exam[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const totals = await this.db
      .selectFrom('exam_questions')
      .select(['exam_id', sql<string>`coalesce(sum(mark), 0)`.as('total'), sql<number>`count(*)::int`.as('count')])
      .where('exam_id', 'in', ids)
      .groupBy('exam_id')
      .execute();
    const started = await this.db
      .selectFrom('student_exams')
      .select(['exam_id', sql<number>`count(*)::int`.as('count')])
      .where('exam_id', 'in', ids)
      .where('started_at', 'is not', null)
      .groupBy('exam_id')
      .execute();
    return rows.map((row) => {
      const total = totals.find((t) => t.exam_id === row.id);
      // The presenter's record (declared fields, relations) with the values the declaration computes:
      // an exam record, which the routes' response schema holds it to.
      return {
        ...row,
        type: row.exam_type,
        duration_minutes: (row.duration as { number?: number } | null)?.number ?? null,
        total_mark: Number(total?.total ?? 0),
        // SPEC item 66: the total of the questions' marks (their number is questions_count).
        total_questions_mark: Number(total?.total ?? 0),
        questions_count: total?.count ?? 0,
        started_count: started.find((t) => t.exam_id === row.id)?.count ?? 0,
      } as Exam;
    });
  }
}
