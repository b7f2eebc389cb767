import type { ResourceDefinition } from '../../../schemas/vocabulary';
import { recordAudit, type AuditContext } from '../audit';
import type { Db } from '../db/database';
import type { DynamicDb, DynamicRow } from '../db/dynamic';

/** A value as the audit log keeps it: long text cut, so one entry stays small. */
const kept = (value: unknown): unknown => {
  if (value instanceof Date) return value.toISOString();
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? null);
  return text.length > 200 ? `${text.slice(0, 199)}…` : typeof value === 'string' ? value : JSON.parse(text);
};

/**
 * The columns of `columns` that differ between two rows, before and after (long values cut): what an
 * audit entry of a create (`before` null), change or delete (`after` null) keeps.
 */
export function changedColumns(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  columns: readonly string[],
) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const column of columns) {
    const a = before?.[column];
    const b = after?.[column];
    if (JSON.stringify(a ?? null) === JSON.stringify(b ?? null)) continue;
    if (before) was[column] = kept(a);
    if (after) now[column] = kept(b);
  }
  return { before: before ? was : null, after: after ? now : null };
}

/**
 * Records a created, changed or deleted record of a declared resource (exams, bank questions,
 * settings lists, schools...) in the audit log, in the transaction that writes it: the action
 * `<resource>.create|update|delete`, the target `<resource>/<id>`, and what changed, before and
 * after (declared columns only; long values cut).
 */
export async function auditRecord(
  trx: DynamicDb,
  audit: AuditContext,
  definition: ResourceDefinition,
  verb: 'create' | 'update' | 'delete',
  id: number,
  rows: { before: DynamicRow | null; after: DynamicRow | null },
): Promise<void> {
  const columns = Object.keys(definition.fields);
  const schoolId = Number((rows.after ?? rows.before)?.school_id) || null;
  await recordAudit(trx as unknown as Db, {
    ...audit,
    action: `${definition.name}.${verb}`,
    target: `${definition.name}/${id}`,
    summary: changedColumns(rows.before, rows.after, columns),
    schoolId: definition.table === 'schools' ? id : schoolId,
  });
}
