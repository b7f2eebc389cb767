import type { ResourceDefinition } from '../../../schemas/vocabulary';
import { changedColumns, recordAudit, type AuditContext } from '../audit';
import type { Db } from '../db/database';
import type { DynamicDb, DynamicRow } from '../db/dynamic';

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
