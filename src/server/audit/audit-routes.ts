import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AREAS, listPermissions } from '../../common/permission-catalog';
import { areaPermission } from '../../common/permissions';
import { requirePermission } from '../http/route-access';
import { auditContext, recordAudit } from './audit-log';
import { auditCsv } from './audit-export';
import {
  auditChoices,
  auditExportQuery,
  auditListQuery,
  auditRowsForExport,
  listAuditLog,
  type Filters,
} from './audit-query';

const tags = ['audit log'];
const FILTERS_DOC =
  'filter[action] and filter[target_type] (comma lists), filter[user_id] and filter[school_id] (comma lists of ids), filter[from] and filter[to] (calendar days YYYY-MM-DD, inclusive, in APP_TIMEZONE; 400 when malformed)';

/** The filters a request used, as the export's own audit entry keeps them. */
const filtersOf = (query: Filters) =>
  Object.fromEntries(Object.entries(query).filter(([key, value]) => key.startsWith('filter[') && value !== undefined));

/**
 * The one audit log of consequential actions (issue 26): the list with its filters, the choices of
 * those filters, and a CSV export that is itself audited. Administrators only.
 */
export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const canView = requirePermission(...listPermissions(AREAS.auditLog));
  const canDownload = requirePermission(areaPermission(AREAS.auditLog, 'download'));

  app.get(
    '/audit-log',
    {
      config: { access: canView },
      schema: {
        tags,
        summary: `The audit log, newest first, in pages: who, when, from where, what, on what, which school, a short before and after, the reason, the request id; ${FILTERS_DOC}`,
        querystring: auditListQuery,
      },
    },
    async (request) => listAuditLog(app.db, request.query, app.config.timeZone),
  );

  app.get(
    '/audit-log/actions',
    {
      config: { access: canView },
      schema: { tags, summary: 'The actions and target types the audit log holds, for its filters' },
    },
    async () => ({ data: await auditChoices(app.db) }),
  );

  app.get(
    '/audit-log/export',
    {
      config: { access: canDownload },
      schema: {
        tags,
        summary: `The audit log as CSV (UTF-8 with BOM, headers in lang or the request's language, times in APP_TIMEZONE), newest first, with the list's filters; the export is audited (audit_log.export). ${FILTERS_DOC}`,
        querystring: auditExportQuery,
      },
    },
    async (request, reply) => {
      const { format, lang = request.lang, ...filters } = request.query;
      await recordAudit(app.db, {
        ...auditContext(request),
        action: 'audit_log.export',
        target: 'audit_log',
        summary: { format, filters: filtersOf(filters) },
      });
      const rows = auditRowsForExport(app.db, filters, app.config.timeZone);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .send(auditCsv(rows, lang, app.config.timeZone));
    },
  );
};
