import { expect } from 'vitest';
import type { Db } from '../../src/server/db/database';

export interface StoredAudit {
  id: number;
  at: Date;
  actor_id: number | null;
  address: string | null;
  action: string;
  target: string;
  target_type: string;
  school_id: number | null;
  summary: Record<string, unknown>;
  reason: string | null;
  request_id: string | null;
}

/** The audit log's rows of an action (and target), oldest first, their summaries parsed. */
export async function auditRows(db: Db, action: string, target?: string): Promise<StoredAudit[]> {
  let query = db.selectFrom('audit_log').selectAll().where('action', '=', action);
  if (target !== undefined) query = query.where('target', '=', target);
  const rows = await query.orderBy('id').execute();
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    summary: (typeof row.summary === 'string' ? JSON.parse(row.summary) : row.summary) as Record<string, unknown>,
  }));
}

/** The one row of an action on a target, with who did it and where it is filed. */
export async function expectOneRow(
  db: Db,
  action: string,
  target: string,
  expected: { actorId: number; schoolId?: number | null; requestId?: string },
): Promise<StoredAudit> {
  const rows = await auditRows(db, action, target);
  expect(rows, `${action} ${target}`).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    actor_id: expected.actorId,
    address: '127.0.0.1',
    school_id: expected.schoolId ?? null,
    target_type: target.split('/')[0],
  });
  if (expected.requestId) expect(rows[0].request_id).toBe(expected.requestId);
  return rows[0];
}

/** No password, no hash, nothing that looks like one, anywhere in what the log keeps. */
export function expectNoSecrets(row: StoredAudit, ...secrets: string[]): void {
  const text = JSON.stringify(row.summary) + (row.reason ?? '');
  expect(text).not.toMatch(/scrypt\$|password_hash|"password"/);
  for (const secret of secrets) expect(text).not.toContain(secret);
}
