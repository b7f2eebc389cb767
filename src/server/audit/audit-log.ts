import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';

/** Who did it, from where and in which request: what a request gives every entry it writes. */
export interface AuditContext {
  /** Who did it (a user id), or null for the system. */
  actorId: number | null;
  /** The client address it came from. */
  address: string | null;
  requestId: string | null;
}

/** One consequential action, as the audit log keeps it. */
export interface AuditEntry extends AuditContext {
  /** What was done: `area.verb`, e.g. `media.delete`. */
  action: string;
  /** What it was done to, `type/id`, e.g. `exams/12` (the type is what the log filters by). */
  target: string;
  /** What the target was before (and after), enough to say what changed; never a secret. */
  summary: Record<string, unknown>;
  reason?: string | null;
  /** The school the action concerns, when it concerns one (the log filters by it). */
  schoolId?: number | null;
}

/** Who, from where and in which request: the audit entry's fields a request gives. */
export const auditContext = (request: FastifyRequest): AuditContext => ({
  actorId: request.auth?.user.id ?? null,
  address: request.ip.slice(0, 64),
  requestId: String(request.id).slice(0, 100),
});

const rowOf = (entry: AuditEntry) => ({
  actor_id: entry.actorId,
  address: entry.address,
  action: entry.action.slice(0, 100),
  target: entry.target.slice(0, 200),
  summary: JSON.stringify(entry.summary),
  reason: entry.reason ?? null,
  request_id: entry.requestId,
  school_id: entry.schoolId ?? null,
});

/**
 * Appends to the audit log (ARCHITECTURE.md, "One audit log"). Call it with the transaction that
 * makes the change, so the entry and the change are kept together or not at all. The log is
 * append-only: the database refuses to update or delete its rows.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await recordAudits(db, [entry]);
}

/** Appends several entries in one statement (one per exam of a bulk action); none, nothing. */
export async function recordAudits(db: Db, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insertInto('audit_log').values(entries.map(rowOf)).execute();
}
