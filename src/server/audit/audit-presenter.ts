import type { AuditLogRecord } from '../../common/contracts/index';

/** A row of the log as read with its actor's and school's names. */
export interface AuditRow {
  id: string | number;
  at: Date | string;
  actor_id: number | null;
  actor_name: string | null;
  /** The e-mail (or, without one, the username) the account had when it acted. */
  actor_email: string | null;
  address: string | null;
  action: string;
  target: string;
  target_type: string;
  school_id: number | null;
  school_name_en: string | null;
  school_name_ar: string | null;
  summary: unknown;
  reason: string | null;
  request_id: string | null;
}

const summaryOf = (value: unknown): Record<string, unknown> => {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
};

/** An audit row as the API shows it, field by field (a column added later does not leak). */
export function presentAudit(row: AuditRow): AuditLogRecord {
  return {
    id: Number(row.id),
    at: new Date(row.at).toISOString(),
    actor:
      row.actor_id === null ? null : { id: row.actor_id, name: row.actor_name ?? null, email: row.actor_email ?? null },
    address: row.address,
    action: row.action,
    target: row.target,
    target_type: row.target_type,
    school:
      row.school_id === null
        ? null
        : { id: row.school_id, name_en: row.school_name_en ?? null, name_ar: row.school_name_ar ?? null },
    summary: summaryOf(row.summary),
    reason: row.reason,
    request_id: row.request_id,
  };
}
