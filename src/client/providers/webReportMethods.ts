import type { ItemAnalysisReport, WebReportFilters, WebReportResults } from '../../common/contracts/index';
import { dataOf, http } from './http';
import { toFile, type DownloadedFile } from './reportMethods';

/** Web reports and item analysis (issue 15): the dashboard's filters and figures, a refresh, an exam's item statistics. */
export interface WebReportMethods {
  webReportFilters(signal?: AbortSignal): Promise<{ data: WebReportFilters }>;
  webReportResults(query: URLSearchParams, signal?: AbortSignal): Promise<{ data: WebReportResults }>;
  refreshWebReports(): Promise<{ message: string; data: { refreshed_at: string; rows: number } }>;
  examItemAnalysis(examId: number, signal?: AbortSignal): Promise<{ data: ItemAnalysisReport }>;
  /** The item analysis as a file, worded in the language the request carries. */
  examItemAnalysisExport(examId: number, format: 'csv' | 'xlsx'): Promise<DownloadedFile>;
}

export const webReportMethods: WebReportMethods = {
  webReportFilters: (signal) => dataOf(http<{ data: WebReportFilters }>('/web-report/filters', { signal })),
  webReportResults: (query, signal) =>
    dataOf(http<{ data: WebReportResults }>('/web-report/results', { query, signal })),
  refreshWebReports: () =>
    http<{ message: string; data: { refreshed_at: string; rows: number } }>('/web-report/refresh', {
      method: 'POST',
      body: {},
    }).then(({ json }) => json),
  examItemAnalysis: (examId, signal) =>
    dataOf(http<{ data: ItemAnalysisReport }>(`/exams/${examId}/item-analysis`, { signal })),
  examItemAnalysisExport: (examId, format) =>
    http<Blob>(`/exams/${examId}/item-analysis/export`, { query: new URLSearchParams({ format }), as: 'blob' }).then(
      (response) => toFile(response, `item-analysis-${examId}.${format}`),
    ),
};
