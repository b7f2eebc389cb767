import { sql } from 'kysely';
import type { SchemaRegistry } from '../../../schemas/index';
import type { PlatformIdentifier } from '../../../schemas/vocabulary';
import { formatWallTime, parseWallTime } from '../../common/datetime';
import { checkExamPlatformFields, examFormSchema, type ExamForm } from '../../common/exams/exam-form';
import type { Db } from '../db/database';
import { invalid, parseOrThrow, type FieldErrors } from '../http/app-error';
import { filterKey, type ListQuery } from '../resources/list-query';
import { ResourceStore } from '../resources/resource-store';
import { checkPlatformReferences } from '../resources/platform-references';
import { assertEditable, loadExamState } from './exam-rules';
import { examsDefinition } from './exams-definition';

type Row = Record<string, unknown> & { id: number };

const REFERENCES = [
  ['duration_id', 'durations'],
  ['grade_id', 'grades'],
  ['level_id', 'levels'],
  ['round_id', 'rounds'],
  ['exam_type_id', 'exam_types'],
] as const;

/** Exams: the form's rules on write, relations and computed totals on read. */
export class ExamsStore {
  private readonly resources: ResourceStore;

  constructor(
    private readonly db: Db,
    registry: SchemaRegistry,
    private readonly timeZone: string,
  ) {
    this.resources = new ResourceStore(db as never, registry);
  }

  async list(query: ListQuery) {
    const q = { ...query };
    const skills = q[filterKey('skill_id')];
    if (typeof skills === 'string' && skills !== '') {
      const wanted = skills.split(',').map(Number).filter(Number.isInteger);
      const rows = wanted.length ? await this.db.selectFrom('exam_skills').select('exam_id').where('skill_id', 'in', wanted).execute() : [];
      let matching = [...new Set(rows.map((r) => r.exam_id))];
      const asked = q[filterKey('id')];
      if (typeof asked === 'string' && asked !== '') matching = matching.filter((id) => asked.split(',').map(Number).includes(id));
      q[filterKey('id')] = matching.length ? matching.join(',') : '0';
    }
    delete q[filterKey('skill_id')];
    const result = await this.resources.list(examsDefinition, q);
    return { ...result, data: await this.present(result.data) };
  }

  async get(id: number, platformId?: number): Promise<Row> {
    return (await this.present([await this.resources.get(examsDefinition, id, platformId)]))[0];
  }

  async create(input: unknown, userId: number): Promise<Row> {
    const exam = await this.validate(input);
    const id = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('exams')
        .values({ ...this.columns(exam), created_by: userId })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('exam_skills').values(exam.skill_ids.map((skill_id) => ({ exam_id: row.id, skill_id }))).execute();
      return row.id;
    });
    return this.get(id);
  }

  async update(id: number, input: unknown, platformId?: number): Promise<Row> {
    const existing = await this.get(id, platformId);
    assertEditable(await loadExamState(this.db, id));
    const exam = await this.validate(input);
    if (exam.platform_id !== existing.platform_id) throw invalid({ platform_id: ['validation.platform_mismatch'] });
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('exams').set({ ...this.columns(exam), updated_at: sql`now()` }).where('id', '=', id).execute();
      await trx.deleteFrom('exam_skills').where('exam_id', '=', id).execute();
      await trx.insertInto('exam_skills').values(exam.skill_ids.map((skill_id) => ({ exam_id: id, skill_id }))).execute();
    });
    return this.get(id);
  }

  private async validate(input: unknown): Promise<ExamForm> {
    const exam = parseOrThrow(examFormSchema, input);
    const platform = await this.db.selectFrom('platforms').select('identifier').where('id', '=', exam.platform_id).executeTakeFirst();
    if (!platform) throw invalid({ platform_id: ['validation.platform_not_found'] });
    const errors: FieldErrors = checkExamPlatformFields(exam, platform.identifier as PlatformIdentifier);
    const references = REFERENCES.filter(([field]) => !errors[field]).map(([field, table]) => [field, table, exam[field]] as const);
    Object.assign(errors, await checkPlatformReferences(this.db, exam.platform_id, references));
    const skills = await this.db.selectFrom('skills').select('id').where('id', 'in', exam.skill_ids).where('platform_id', '=', exam.platform_id).execute();
    if (skills.length !== new Set(exam.skill_ids).size) errors.skill_ids = ['validation.reference_not_found'];
    if (Object.keys(errors).length > 0) throw invalid(errors);
    exam.skill_ids = [...new Set(exam.skill_ids)];
    return exam;
  }

  private columns(exam: ExamForm) {
    return {
      name: exam.name_en,
      name_en: exam.name_en,
      name_ar: exam.name_ar,
      platform_id: exam.platform_id,
      duration_id: exam.duration_id,
      grade_id: exam.grade_id ?? null,
      level_id: exam.level_id ?? null,
      round_id: exam.round_id,
      exam_type_id: exam.exam_type_id,
      start_date_time: parseWallTime(exam.start_date_time, this.timeZone)!,
      end_date_time: parseWallTime(exam.end_date_time, this.timeZone)!,
      min_mark: exam.min_mark,
      max_mark: exam.max_mark,
      pass_mark: exam.pass_mark,
      questions_per_page: exam.questions_per_page,
      tags: JSON.stringify(exam.tags),
    };
  }

  /** Adds skills, the spec's read-only relations (type, duration minutes) and the totals computed from the questions. */
  private async present(rows: Row[]): Promise<Row[]> {
    if (rows.length === 0) return rows;
    const ids = rows.map((r) => r.id);
    const skills = await this.db
      .selectFrom('exam_skills')
      .innerJoin('skills', 'skills.id', 'exam_skills.skill_id')
      .select(['exam_skills.exam_id', 'skills.id', 'skills.name', 'skills.name_en', 'skills.name_ar'])
      .where('exam_skills.exam_id', 'in', ids)
      .orderBy('skills.id')
      .execute();
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
        const own = skills.filter((s) => s.exam_id === row.id).map(({ exam_id: _e, ...skill }) => skill);
        const total = totals.find((t) => t.exam_id === row.id);
        return {
          ...row,
          start_date_time: formatWallTime(row.start_date_time as Date, this.timeZone),
          end_date_time: formatWallTime(row.end_date_time as Date, this.timeZone),
          min_mark: Number(row.min_mark),
          max_mark: Number(row.max_mark),
          pass_mark: Number(row.pass_mark),
          tags: typeof row.tags === 'string' ? JSON.parse(row.tags) : row.tags,
          skills: own,
          skill_ids: own.map((s) => s.id),
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
