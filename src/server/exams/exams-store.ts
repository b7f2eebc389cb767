import { sql } from 'kysely';
import type { SchemaRegistry } from '../../../schemas/index';
import type { ResourceDefinition } from '../../../schemas/vocabulary';
import { lookupKey } from '../../common/declarations';
import { examFormSchema } from '../../common/exams/exam-form';
import type { Db } from '../db/database';
import { dynamic, type DynamicRow } from '../db/dynamic';
import { parseOrThrow } from '../http/app-error';
import { presentRecord, ResourceStore, type ListQuery } from '../resources';
import { assertEditable, loadExamState } from './exam-rules';

type Row = DynamicRow & { id: number };

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
  async formLookups(platformId: number): Promise<Record<string, DynamicRow[]>> {
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
    return lookups;
  }

  async list(query: ListQuery) {
    const result = await this.resources.list(this.exams, query);
    return { ...result, data: await this.withTotals(result.data) };
  }

  async get(id: number, platformId?: number): Promise<Row> {
    return (await this.withTotals([await this.resources.get(this.exams, id, platformId)]))[0];
  }

  async create(input: unknown, userId: number): Promise<Row> {
    const exam = parseOrThrow(examFormSchema, input) as Record<string, unknown>;
    const created = await this.resources.create(this.exams, exam, { created_by: userId });
    return this.get(created.id);
  }

  /** A published exam is frozen (418) before its form is even read. */
  async update(id: number, input: unknown, platformId?: number): Promise<Row> {
    await this.resources.get(this.exams, id, platformId);
    assertEditable(await loadExamState(this.db, id));
    const exam = parseOrThrow(examFormSchema, input) as Record<string, unknown>;
    await this.resources.update(this.exams, id, exam, platformId);
    return this.get(id);
  }

  /** Adds the exam type and duration minutes the spec lists, and the totals of the questions. */
  private async withTotals(rows: Row[]): Promise<Row[]> {
    if (rows.length === 0) return rows;
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
      return {
        ...row,
        type: row.exam_type,
        duration_minutes: (row.duration as { number?: number } | null)?.number ?? null,
        total_mark: Number(total?.total ?? 0),
        total_questions_mark: total?.count ?? 0,
        questions_count: total?.count ?? 0,
        started_count: started.find((t) => t.exam_id === row.id)?.count ?? 0,
      };
    });
  }
}
