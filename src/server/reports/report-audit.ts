import { recordAudits, type AuditContext } from '../audit';
import type { Db } from '../db/database';
import type { Plan, PlanRequest } from './report-plan';

/** How many report ids one entry lists (a school's request may make hundreds). */
const LISTED_IDS = 50;

/**
 * A generation request in the audit log (`reports.generate`): one entry per school whose reports it
 * queued or joined, filed under that school, written in the request's transaction.
 */
export async function auditReportRequest(trx: Db, audit: AuditContext, request: PlanRequest, plan: Plan) {
  if (plan.reportIds.length === 0) return;
  const rows = await trx
    .selectFrom('reports')
    .select(['id', 'school_id'])
    .where('id', 'in', plan.reportIds)
    .orderBy('id')
    .execute();
  const bySchool = new Map<number, number[]>();
  for (const row of rows) bySchool.set(row.school_id, [...(bySchool.get(row.school_id) ?? []), row.id]);
  await recordAudits(
    trx,
    [...bySchool].map(([schoolId, ids]) => ({
      ...audit,
      action: 'reports.generate',
      target: `schools/${schoolId}`,
      schoolId,
      summary: {
        level: request.level,
        grade_id: request.gradeId ?? null,
        language: request.language,
        correction_status_ids: request.statusIds ?? null,
        school_reports_only: request.schoolReportsOnly ?? false,
        reports: ids.length,
        report_ids: ids.slice(0, LISTED_IDS),
        skipped: plan.skipped.filter((skip) => skip.school_id === schoolId).length,
      },
    })),
  );
}

/**
 * Reports sent to a reader (`reports.download`): one entry per report, filed under its school;
 * `inline` when the viewer showed it rather than a download saving it.
 */
export function auditReportDownloads(
  db: Db,
  audit: AuditContext,
  reports: readonly { id: number; school_id: number; file_name: string }[],
  how: { language: string; inline: boolean },
) {
  return recordAudits(
    db,
    reports.map((report) => ({
      ...audit,
      action: 'reports.download',
      target: `reports/${report.id}`,
      schoolId: report.school_id,
      summary: { file_name: report.file_name, language: how.language, inline: how.inline, in_download: reports.length },
    })),
  );
}
