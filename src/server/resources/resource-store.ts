import { sql } from 'kysely';
import type { ResourceDefinition, PlatformIdentifier } from '../../../schemas/vocabulary';
import type { SchemaRegistry } from '../../../schemas/index';
import { checkPlatformFields } from '../../common/resource-validation';
import { ALL_SCHOOLS, schoolScopeCondition, type SchoolScope } from '../auth';
import { dynamic, type DynamicDb, type DynamicRow } from '../db/dynamic';
import type { Db } from '../db/database';
import { invalid, notFound, type FieldErrors } from '../http/app-error';
import { offsetOf, pageMeta } from '../http/pagination';
import { filterKindOf, type ListQuery } from './list-query';
import { translateDatabaseError } from './resource-errors';
import { presentRecord } from './record-presenter';
import { storedRecord } from './record-columns';
import { addRelations } from './relations';
import type { AuditContext } from '../audit';
import { auditRecord } from './record-audit';

type Row = DynamicRow & { id: number };

const escapeLike = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Generic storage of schema-declared resources: list, read, create, update and delete, with
 * platform scoping, reference checks, join tables and related objects, all from the declaration.
 * What it returns is presented (declared fields only). Routes stay thin around it; exams and the
 * questions bank build on it.
 */
export class ResourceStore {
  private readonly db: DynamicDb;

  constructor(
    database: Db,
    private readonly registry: SchemaRegistry,
    private readonly timeZone: string,
  ) {
    this.db = dynamic(database);
  }

  async platformIdentifier(platformId: number): Promise<PlatformIdentifier> {
    const platform = await this.db
      .selectFrom('platforms')
      .select('identifier')
      .where('id', '=', platformId)
      .executeTakeFirst();
    if (!platform) throw invalid({ platform_id: ['validation.platform_not_found'] });
    return platform.identifier as PlatformIdentifier;
  }

  /** `scope`: the schools the reader may see, for resources that belong to a school (`schoolScope`). */
  async list(definition: ResourceDefinition, query: ListQuery, scope: SchoolScope = ALL_SCHOOLS) {
    if (query.platform_id !== undefined) await this.platformIdentifier(query.platform_id);
    let base = this.db.selectFrom(definition.table);
    if (definition.schoolScope) base = base.where(schoolScopeCondition(scope, sql.ref(definition.schoolScope)));
    if (definition.platformScoped && query.platform_id !== undefined)
      base = base.where('platform_id', '=', query.platform_id);
    if (query.search) {
      const like = escapeLike(query.search);
      base = base.where((eb) =>
        eb.or(definition.list.search.map((column) => eb(sql`${sql.ref(column)}::text`, 'ilike', like))),
      );
    }
    for (const [key, raw] of Object.entries(query)) {
      if (!key.startsWith('filter[') || typeof raw !== 'string' || raw.split(',').every((p) => p.trim() === ''))
        continue;
      base = base.where(this.filterCondition(definition, key.slice('filter['.length, -1), raw));
    }
    const { total } = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
    const rows = (await base
      .selectAll()
      .orderBy(query.sort, query.order)
      .orderBy('id', query.order)
      .limit(query.per_page)
      .offset(offsetOf(query))
      .execute()) as Row[];
    return { data: await this.present(definition, rows), meta: pageMeta(query, total) };
  }

  async get(definition: ResourceDefinition, id: number, platformId?: number, scope?: SchoolScope): Promise<Row> {
    return (await this.present(definition, [await this.find(definition, id, platformId, scope)]))[0];
  }

  /** `extra` holds columns the declaration does not (who created it). */
  async create(
    definition: ResourceDefinition,
    input: Record<string, unknown>,
    extra: Record<string, unknown> = {},
    scope: SchoolScope = ALL_SCHOOLS,
    /** Who asks (a request's context): the record is audited in its transaction. */
    audit?: AuditContext,
  ): Promise<Row> {
    return this.get(definition, await this.insert(definition, input, extra, scope, audit));
  }

  /**
   * Checks and writes a new record as `create` does, and answers its id only: for a caller that
   * writes many (an import) and presents none of them.
   */
  async insert(
    definition: ResourceDefinition,
    input: Record<string, unknown>,
    extra: Record<string, unknown> = {},
    scope: SchoolScope = ALL_SCHOOLS,
    audit?: AuditContext,
  ): Promise<number> {
    const stored = await this.prepare(definition, input, scope);
    try {
      return await inTransaction(this.db, async (trx) => {
        const row = await trx
          .insertInto(definition.table)
          .values({ ...stored.columns, ...extra })
          .returningAll()
          .executeTakeFirstOrThrow();
        for (const link of stored.links) await this.writeLinks(trx, link, row.id as number);
        if (audit) await auditRecord(trx, audit, definition, 'create', row.id as number, { before: null, after: row });
        return row.id as number;
      });
    } catch (error) {
      return translateDatabaseError(error, definition.table);
    }
  }

  async update(
    definition: ResourceDefinition,
    id: number,
    input: Record<string, unknown>,
    platformId?: number,
    scope: SchoolScope = ALL_SCHOOLS,
    /** Who asks (a request's context): what changed is audited in the update's transaction. */
    audit?: AuditContext,
  ): Promise<Row> {
    const existing = await this.find(definition, id, platformId, scope);
    if (definition.platformScoped && input.platform_id !== existing.platform_id) {
      throw invalid({ platform_id: ['validation.platform_mismatch'] });
    }
    const stored = await this.prepare(definition, input, scope);
    assertUnlocked(definition, existing, stored.columns);
    try {
      await inTransaction(this.db, async (trx) => {
        const after = await trx
          .updateTable(definition.table)
          .set({ ...stored.columns, updated_at: sql`now()` })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
        // Deleted meanwhile by another request: not found, as it would be a moment later.
        if (!after) throw notFound();
        for (const link of stored.links) await this.writeLinks(trx, link, id);
        if (audit) await auditRecord(trx, audit, definition, 'update', id, { before: existing, after });
      });
      return this.get(definition, id);
    } catch (error) {
      return translateDatabaseError(error, definition.table);
    }
  }

  async delete(
    definition: ResourceDefinition,
    id: number,
    platformId?: number,
    scope?: SchoolScope,
    /** Who asks (a request's context): the record's last values are audited in the delete's transaction. */
    audit?: AuditContext,
  ): Promise<Row> {
    const existing = await this.get(definition, id, platformId, scope);
    try {
      await inTransaction(this.db, async (trx) => {
        const before = await trx.deleteFrom(definition.table).where('id', '=', id).returningAll().executeTakeFirst();
        if (audit && before) await auditRecord(trx, audit, definition, 'delete', id, { before, after: null });
      });
    } catch (error) {
      translateDatabaseError(error, definition.table);
    }
    return existing;
  }

  /** Presents raw rows of a resource with their relations (stores that read their own rows use it). */
  async present(definition: ResourceDefinition, rows: DynamicRow[]): Promise<Row[]> {
    await addRelations(this.db, this.registry, definition, rows, this.timeZone);
    return rows.map((row) => presentRecord(definition, row, this.timeZone) as Row);
  }

  /**
   * A raw row, or 404; a platform-scoped record of another selected platform is not there, nor is a
   * school's record outside the reader's schools.
   */
  private async find(
    definition: ResourceDefinition,
    id: number,
    platformId?: number,
    scope: SchoolScope = ALL_SCHOOLS,
  ): Promise<Row> {
    const row = (await this.db.selectFrom(definition.table).selectAll().where('id', '=', id).executeTakeFirst()) as
      Row | undefined;
    if (!row) throw notFound();
    if (definition.platformScoped && platformId !== undefined && row.platform_id !== platformId) throw notFound();
    if (definition.schoolScope && !scope.all && !scope.ids.includes(Number(row[definition.schoolScope])))
      throw notFound();
    return row;
  }

  /**
   * Validated input -> stored columns: platform fields applied, references checked, and a record
   * of a school kept within the writer's schools (school staff cannot file one under another's).
   */
  private async prepare(definition: ResourceDefinition, input: Record<string, unknown>, scope: SchoolScope) {
    const platformId = definition.platformScoped ? (input.platform_id as number) : null;
    const identifier = platformId !== null ? await this.platformIdentifier(platformId) : null;
    const values: Record<string, unknown> = { ...input };
    const errors: FieldErrors = checkPlatformFields(definition, identifier, values);
    const school = definition.schoolScope;
    if (school && school !== 'id' && !scope.all && !scope.ids.includes(Number(values[school])))
      errors[school] = ['validation.reference_not_found'];
    Object.assign(errors, await this.checkReferences(definition, values, platformId, errors));
    if (Object.keys(errors).length > 0) throw invalid(errors);
    return storedRecord(definition, values, this.timeZone);
  }

  /**
   * Every reference must exist and, when the target is platform-scoped, be on the record's platform;
   * one declared `within` columns (a student's class `within` their school) must agree with the record on them.
   */
  private async checkReferences(
    definition: ResourceDefinition,
    values: Record<string, unknown>,
    platformId: number | null,
    known: FieldErrors,
  ) {
    const errors: FieldErrors = {};
    for (const [field, spec] of Object.entries(definition.fields)) {
      if ((spec.type !== 'reference' && spec.type !== 'references') || known[field]) continue;
      const ids = [values[field]].flat().filter((v): v is number => typeof v === 'number');
      if (ids.length === 0) continue;
      const target = this.registry.get(spec.resource)!;
      const within = spec.type === 'reference' ? (spec.within ?? []) : [];
      const rows = await this.db
        .selectFrom(target.table)
        .select(['id', ...(target.platformScoped ? ['platform_id'] : []), ...within])
        .where('id', 'in', [...new Set(ids)])
        .execute();
      const found = rows.filter(
        (row) => !target.platformScoped || platformId === null || row.platform_id === platformId,
      );
      if (found.length !== new Set(ids).size) errors[field] = ['validation.reference_not_found'];
      else if (within.some((column) => found.some((row) => row[column] !== values[column])))
        errors[field] = [spec.messages?.invalid ?? 'validation.reference_mismatch'];
    }
    return errors;
  }

  private async writeLinks(
    trx: DynamicDb,
    link: { table: string; owner: string; column: string; ids: number[] },
    ownerId: number,
  ) {
    await trx.deleteFrom(link.table).where(link.owner, '=', ownerId).execute();
    if (link.ids.length > 0)
      await trx
        .insertInto(link.table)
        .values(link.ids.map((id) => ({ [link.owner]: ownerId, [link.column]: id })))
        .execute();
  }

  /** The condition of a `filter[column]` (already checked against the column's kind by the list validator). */
  private filterCondition(definition: ResourceDefinition, key: string, raw: string) {
    const parts = raw
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const through = Object.values(definition.fields).find((f) => f.type === 'references' && f.filter === key);
    if (through?.type === 'references') {
      const { table, owner, column } = through.through;
      return sql<boolean>`exists (select 1 from ${sql.table(table)} l where l.${sql.ref(owner)} = ${sql.ref(`${definition.table}.id`)} and l.${sql.ref(column)} in (${sql.join(parts.map(Number))}))`;
    }
    const kind = filterKindOf(definition, key);
    if (kind === 'boolean')
      return sql<boolean>`${sql.ref(key)} in (${sql.join(parts.map((p) => p === 'true' || p === '1'))})`;
    if (kind === 'day')
      return sql<boolean>`(${sql.ref(key)} at time zone 'UTC')::date in (${sql.join(parts.map((p) => sql`${p}::date`))})`;
    if (kind === 'date') return sql<boolean>`${sql.ref(key)} in (${sql.join(parts.map((p) => sql`${p}::date`))})`;
    if (kind === 'id' || kind === 'integer') return sql<boolean>`${sql.ref(key)} in (${sql.join(parts.map(Number))})`;
    return sql<boolean>`${sql.ref(key)} in (${sql.join(parts)})`;
  }
}

/** Runs `work` in a transaction: the caller's, when `db` is one already (an import writing many records at once). */
/** Refuses a change to a field the declaration locks once its column holds a value (`lockedOnce`). */
function assertUnlocked(definition: ResourceDefinition, existing: Row, columns: Record<string, unknown>) {
  const lock = definition.lockedOnce;
  if (!lock || existing[lock.column] === null || existing[lock.column] === undefined) return;
  const changed = lock.fields.filter(
    (field) => field in columns && String(columns[field] ?? '') !== String(existing[field] ?? ''),
  );
  if (changed.length > 0) throw invalid(Object.fromEntries(changed.map((field) => [field, [lock.message]])));
}

function inTransaction<T>(db: DynamicDb, work: (trx: DynamicDb) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
