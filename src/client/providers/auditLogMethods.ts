import type { Language } from '../../../locales/languages';
import type { AuditLogChoices } from '../../common/contracts/index';
import { dataOf, http } from './http';
import { listQuery } from './listQuery';
import { toFile, type DownloadedFile } from './reportMethods';

/** The audit log (issue 26) beyond its list (`getList('audit-log')`): its filters' choices and its CSV. */
export interface AuditLogMethods {
  /** The actions and target types the log holds. */
  auditLogChoices(signal?: AbortSignal): Promise<{ data: AuditLogChoices }>;
  /** The log as CSV with the list's filters, headers in `language`. */
  exportAuditLog(filter: Record<string, unknown>, language: Language): Promise<DownloadedFile>;
}

export const auditLogMethods: AuditLogMethods = {
  auditLogChoices: (signal) => dataOf(http<{ data: AuditLogChoices }>('/audit-log/actions', { signal })),

  exportAuditLog: (filter, language) => {
    // The list's filters in its own dialect (`filter[action]=...`), without its page.
    const query = listQuery({ filter });
    query.delete('page');
    query.delete('per_page');
    query.set('format', 'csv');
    query.set('lang', language);
    return http<Blob>('/audit-log/export', { query, as: 'blob' }).then((response) => toFile(response, 'audit-log.csv'));
  },
};
