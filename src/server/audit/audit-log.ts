import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';

/** One consequential action, as the audit log keeps it. */
export interface AuditEntry {
  /** Who did it (a user id), or null for the system. */
  actorId: number | null;
  /** The client address it came from. */
  address: string | null;
  /** What was done: `area.verb`, e.g. `media.delete`. */
  action: string;
  /** What it was done to, e.g. `media/3f2a….webm`. */
  target: string;
  /** What the target was before (and after), enough to say what changed. */
  summary: Record<string, unknown>;
  reason?: string | null;
  requestId: string | null;
}

/** Who, from where and in which request: the audit entry's fields a request gives. */
export const auditContext = (request: FastifyRequest) => ({
  actorId: request.auth?.user.id ?? null,
  address: request.ip.slice(0, 64),
  requestId: String(request.id).slice(0, 100),
});

/**
 * Appends to the audit log (ARCHITECTURE.md, "One audit log"). Call it with the transaction that
 * makes the change, so the entry and the change are kept together or not at all. The log is
 * append-only: the database refuses to update or delete its rows.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      address: entry.address,
      action: entry.action,
      target: entry.target.slice(0, 200),
      summary: JSON.stringify(entry.summary),
      reason: entry.reason ?? null,
      request_id: entry.requestId,
    })
    .execute();
}
