import { z } from 'zod';

/**
 * `GET /api/audit-log`: one consequential action (issue 26, "Audit log"). `actor` is null for the
 * system; a deleted account keeps its id with no name, a deleted school likewise.
 */
export const auditLogRecord = z
  .object({
    id: z.number(),
    /** ISO 8601. */
    at: z.string(),
    /** The actor's name and e-mail (or username) as they were when it acted. */
    actor: z.object({ id: z.number(), name: z.string().nullable(), email: z.string().nullable() }).strict().nullable(),
    address: z.string().nullable(),
    /** `area.verb`: `exams.publish`, `corrections.save`. */
    action: z.string(),
    /** `type/id`: `exams/12`. */
    target: z.string(),
    target_type: z.string(),
    school: z
      .object({ id: z.number(), name_en: z.string().nullable(), name_ar: z.string().nullable() })
      .strict()
      .nullable(),
    /** A short before and after; never a password or a hash. */
    summary: z.record(z.string(), z.unknown()),
    /**
     * Who and what the entry is about, named now (the summary keeps ids): the exam and the student of
     * `summary.exam_id` / `summary.student_id` or of its target; null when it names none or it was deleted.
     */
    about: z
      .object({
        exam: z.object({ id: z.number(), name_en: z.string(), name_ar: z.string() }).strict().nullable(),
        student: z.object({ id: z.number(), name_en: z.string(), name_ar: z.string() }).strict().nullable(),
      })
      .strict(),
    reason: z.string().nullable(),
    request_id: z.string().nullable(),
  })
  .strict();
export type AuditLogRecord = z.infer<typeof auditLogRecord>;

/** `GET /api/audit-log/actions`: the actions and target types the log holds, for the screen's filters. */
export const auditLogChoices = z.object({ actions: z.array(z.string()), target_types: z.array(z.string()) }).strict();
export type AuditLogChoices = z.infer<typeof auditLogChoices>;
