import { sql, type Kysely } from 'kysely';
import type { ResourceDefinition, PlatformIdentifier } from '../../../schemas/vocabulary';
import type { SchemaRegistry } from '../../../schemas/index';
import { checkPlatformFields, relationOf } from '../../common/resource-validation';
import { AppError, invalid, notFound, type FieldErrors } from '../http/app-error';
import { offsetOf, pageMeta } from '../http/pagination';
import { filterKey, type ListQuery } from './list-query';
import { translateDatabaseError } from './resource-errors';

type Row = Record<string, unknown> & { id: number };
type AnyDb = Kysely<any>;

const escapeLike = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Generic storage of schema-declared resources: list, read, create, update and delete,
 * with platform scoping, reference checks and related objects. Routes stay thin around it.
 */
export class ResourceStore {
  constructor(
    private readonly db: AnyDb,
    private readonly registry: SchemaRegistry,
  ) {}

  async platformIdentifier(platformId: number): Promise<PlatformIdentifier> {
    const platform = await this.db.selectFrom('platforms').select('identifier').where('id', '=', platformId).executeTakeFirst();
    if (!platform) throw invalid({ platform_id: ['validation.platform_not_found'] });
    return platform.identifier as PlatformIdentifier;
  }

  async list(definition: ResourceDefinition, query: ListQuery) {
    if (query.platform_id !== undefined) await this.platformIdentifier(query.platform_id);
    let base = this.db.selectFrom(definition.table);
    if (definition.platformScoped && query.platform_id !== undefined) base = base.where('platform_id', '=', query.platform_id);
    if (query.search) {
      const like = escapeLike(query.search);
      base = base.where((eb) => eb.or(definition.list.search.map((column) => eb(sql`${sql.ref(column)}::text`, 'ilike', like))));
    }
    for (const [key, raw] of Object.entries(query)) {
      if (!key.startsWith('filter[') || typeof raw !== 'string' || raw === '') continue;
      const column = key.slice('filter['.length, -1);
      const values = this.filterValues(definition, column, raw);
      base = base.where(column, 'in', values);
    }
    const { total } = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
    const rows = (await base
      .selectAll()
      .orderBy(query.sort, query.order)
      .orderBy('id', query.order)
      .limit(query.per_page)
      .offset(offsetOf(query))
      .execute()) as Row[];
    return { data: await this.withRelations(definition, rows), meta: pageMeta(query, total) };
  }

  async get(definition: ResourceDefinition, id: number, platformId?: number): Promise<Row> {
    const row = (await this.db.selectFrom(definition.table).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
    if (!row) throw notFound();
    // The console sends the platform the user has selected: a record of another platform is not there.
    if (definition.platformScoped && platformId !== undefined && row.platform_id !== platformId) throw notFound();
    return (await this.withRelations(definition, [row]))[0];
  }

  async create(definition: ResourceDefinition, input: Record<string, unknown>): Promise<Row> {
    const values = await this.prepare(definition, input);
    try {
      const row = (await this.db.insertInto(definition.table).values(values).returningAll().executeTakeFirstOrThrow()) as Row;
      return (await this.withRelations(definition, [row]))[0];
    } catch (error) {
      return translateDatabaseError(error, definition.table);
    }
  }

  async update(definition: ResourceDefinition, id: number, input: Record<string, unknown>, platformId?: number): Promise<Row> {
    const existing = await this.get(definition, id, platformId);
    if (definition.platformScoped && input.platform_id !== existing.platform_id) {
      throw invalid({ platform_id: ['validation.platform_mismatch'] });
    }
    const values = await this.prepare(definition, input);
    try {
      const row = (await this.db
        .updateTable(definition.table)
        .set({ ...values, updated_at: sql`now()` })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()) as Row;
      return (await this.withRelations(definition, [row]))[0];
    } catch (error) {
      return translateDatabaseError(error, definition.table);
    }
  }

  async delete(definition: ResourceDefinition, id: number, platformId?: number): Promise<Row> {
    const existing = await this.get(definition, id, platformId);
    try {
      await this.db.deleteFrom(definition.table).where('id', '=', id).execute();
    } catch (error) {
      translateDatabaseError(error, definition.table);
    }
    return existing;
  }

  /** Validated input -> stored columns: platform fields applied, references checked, `name` copied. */
  private async prepare(definition: ResourceDefinition, input: Record<string, unknown>): Promise<Record<string, unknown>> {
    const platformId = definition.platformScoped ? (input.platform_id as number) : null;
    const identifier = platformId !== null ? await this.platformIdentifier(platformId) : null;
    const values: Record<string, unknown> = {};
    for (const field of Object.keys(definition.fields)) values[field] = input[field] ?? null;
    const errors: FieldErrors = checkPlatformFields(definition, identifier, values);
    Object.assign(errors, await this.checkReferences(definition, values, platformId));
    if (Object.keys(errors).length > 0) throw invalid(errors);
    if (definition.platformScoped) values.platform_id = platformId;
    if (definition.nameFromNameEn) values.name = values.name_en;
    return values;
  }

  /** Every reference must exist and, when the target is platform-scoped, be on the record's platform. */
  private async checkReferences(definition: ResourceDefinition, values: Record<string, unknown>, platformId: number | null): Promise<FieldErrors> {
    const errors: FieldErrors = {};
    for (const [field, spec] of Object.entries(definition.fields)) {
      if (spec.type !== 'reference' || values[field] === null || values[field] === undefined) continue;
      const target = this.registry.get(spec.resource)!;
      const row = await this.db.selectFrom(target.table).selectAll().where('id', '=', values[field] as number).executeTakeFirst();
      const onOtherPlatform = target.platformScoped && platformId !== null && row?.platform_id !== platformId;
      if (!row || onOtherPlatform) errors[field] = ['validation.reference_not_found'];
    }
    return errors;
  }

  private filterValues(definition: ResourceDefinition, column: string, raw: string): (string | number | boolean)[] {
    const parts = raw.split(',').map((p) => p.trim()).filter(Boolean);
    const spec = definition.fields[column];
    const refuse = () => new AppError(400, 'errors.invalid_input', undefined, { [filterKey(column)]: ['validation.invalid'] });
    if (spec?.type === 'boolean') {
      if (parts.some((p) => p !== 'true' && p !== 'false' && p !== '1' && p !== '0')) throw refuse();
      return parts.map((p) => p === 'true' || p === '1');
    }
    const numeric = column === 'id' || column === 'platform_id' || spec?.type === 'reference' || spec?.type === 'number';
    if (!numeric) return parts;
    const numbers = parts.map(Number);
    if (numbers.some((n) => !Number.isInteger(n))) throw refuse();
    return numbers;
  }

  /** Adds each reference as an object (`skill_id` -> `skill`) and the platform, fetched in one query per relation. */
  private async withRelations(definition: ResourceDefinition, rows: Row[]): Promise<Row[]> {
    if (rows.length === 0) return rows;
    const relations: [string, string][] = Object.entries(definition.fields)
      .filter(([, spec]) => spec.type === 'reference')
      .map(([field, spec]) => [field, this.registry.get((spec as { resource: string }).resource)!.table]);
    if (definition.platformScoped) relations.push(['platform_id', 'platforms']);
    for (const [field, table] of relations) {
      const ids = [...new Set(rows.map((r) => r[field]).filter((v): v is number => typeof v === 'number'))];
      const related = ids.length ? await this.db.selectFrom(table).selectAll().where('id', 'in', ids).execute() : [];
      const byId = new Map(related.map((r) => [r.id as number, r]));
      for (const row of rows) row[relationOf(field)] = byId.get(row[field] as number) ?? null;
    }
    return rows;
  }
}
