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

type Named = { id: number; name_en: string; name_ar: string };
/** The exams and students an entry may be about, by id (`namesOf`). */
export interface AuditNames {
  exams: Map<number, Named>;
  students: Map<number, Named>;
}
const NO_NAMES: AuditNames = { exams: new Map(), students: new Map() };

/** The id an entry gives of a kind: its summary's `exam_id` / `student_id`, or its target (`exams/12`). */
export function aboutIds(row: Pick<AuditRow, 'summary' | 'target'>): { exam: number | null; student: number | null } {
  const summary = summaryOf(row.summary);
  const idOf = (key: string, targetType: string) => {
    const value = summary[key];
    if (typeof value === 'number' && Number.isInteger(value)) return value;
    const match = new RegExp(`^${targetType}/(\\d+)$`).exec(row.target);
    return match ? Number(match[1]) : null;
  };
  return { exam: idOf('exam_id', 'exams'), student: idOf('student_id', 'students') };
}

/** An audit row as the API shows it, field by field (a column added later does not leak). */
export function presentAudit(row: AuditRow, names: AuditNames = NO_NAMES): AuditLogRecord {
  const ids = aboutIds(row);
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
    about: {
      exam: (ids.exam !== null && names.exams.get(ids.exam)) || null,
      student: (ids.student !== null && names.students.get(ids.student)) || null,
    },
    reason: row.reason,
    request_id: row.request_id,
  };
}
