import type {
  Breadcrumb,
  ListEnvelope,
  ReportFilters,
  ReportsQueued,
  SchoolGrade,
  SchoolStatus,
  SchoolStudent,
  StudentExamRow,
  StudentProfile,
} from '../../common/contracts/index';
import { dataOf, http } from './http';

/** A drill-down list: the list envelope plus where it is. */
export type DrillDown<T> = ListEnvelope<T> & { breadcrumbs: Breadcrumb[] };

/** A downloaded file and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

export type ReportLanguageChoice = 'en' | 'ar' | 'both';

/** The file name of `Content-Disposition`: the UTF-8 form first (RFC 6266), else the plain one. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const utf8 = /filename\*=UTF-8''([^;\s]+)/i.exec(disposition ?? '');
  if (utf8) {
    try {
      return decodeURIComponent(utf8[1]);
    } catch {
      // A malformed escape: the plain name below still names the file.
    }
  }
  const plain = /filename=(?:"([^"]+)"|([^;\s]+))/i.exec(disposition ?? '');
  return plain?.[1] ?? plain?.[2] ?? fallback;
}

/**
 * Schools and reports (SPEC section 7): the schools' statuses and drill-down lists, generating and
 * migrating reports, downloads. The report list itself is the standard `getList('reports')`.
 */
export interface ReportMethods {
  schoolStatuses(ids: number[], signal?: AbortSignal): Promise<{ data: SchoolStatus[] }>;
  schoolGrades(schoolId: number, query: URLSearchParams, signal?: AbortSignal): Promise<DrillDown<SchoolGrade>>;
  gradeStudents(
    schoolId: number,
    gradeId: number,
    query: URLSearchParams,
    signal?: AbortSignal,
  ): Promise<DrillDown<SchoolStudent>>;
  studentExams(studentId: number, query: URLSearchParams, signal?: AbortSignal): Promise<DrillDown<StudentExamRow>>;
  studentProfile(studentId: number, signal?: AbortSignal): Promise<{ data: StudentProfile }>;
  /** `classIds`: the classes whose students the student filter offers. */
  reportFilters(classIds: string, signal?: AbortSignal): Promise<{ data: ReportFilters }>;
  generateSchoolReports(body: { school_id?: number; correction_status_ids: number[] }): Promise<ReportsQueued>;
  generateGradeReports(body: {
    school_id: number;
    grade_id?: number;
    correction_status_ids: number[];
  }): Promise<ReportsQueued>;
  /** Makes the school report at once; answers its preview URL. */
  generateSchoolReportNow(schoolId: number): Promise<{ data: { report_ids: number[]; preview_url: string } }>;
  migrateSchoolReports(schoolId: number): Promise<{ message: string }>;
  downloadReports(language: ReportLanguageChoice, reportIds: number[]): Promise<DownloadedFile>;
  /** A file the API answers at a URL under /api (the school report's preview URL). */
  fetchReportFile(url: string): Promise<DownloadedFile>;
}

/** SPEC section 8: a download that carries no file (or a report without its preview URL) is "Invalid response from the server". */
export class InvalidServerResponse extends Error {
  constructor() {
    super('reports.errors.invalid_response');
  }
}

/** A blob answer as a file, named as the server's `Content-Disposition` says. */
export const toFile = (response: { json: Blob; headers?: Headers }, fallback: string): DownloadedFile => {
  // Duck-typed: a Blob from another realm (a test's fetch) is a Blob too.
  if (!response.json || typeof response.json.size !== 'number' || response.json.size === 0)
    throw new InvalidServerResponse();
  return {
    blob: response.json,
    fileName: fileNameOf(response.headers?.get('content-disposition') ?? null, fallback),
  };
};

export const reportMethods: ReportMethods = {
  schoolStatuses: (ids, signal) =>
    dataOf(
      http<{ data: SchoolStatus[] }>('/schools/status', {
        query: new URLSearchParams(ids.length ? { 'filter[id]': ids.join(',') } : {}),
        signal,
      }),
    ),
  schoolGrades: (schoolId, query, signal) =>
    http<DrillDown<SchoolGrade>>(`/schools/${schoolId}/grades`, { query, signal }).then(({ json }) => json),
  gradeStudents: (schoolId, gradeId, query, signal) =>
    http<DrillDown<SchoolStudent>>(`/schools/${schoolId}/grades/${gradeId}/students`, { query, signal }).then(
      ({ json }) => json,
    ),
  studentExams: (studentId, query, signal) =>
    http<DrillDown<StudentExamRow>>(`/students/${studentId}/exams`, { query, signal }).then(({ json }) => json),
  studentProfile: (studentId, signal) =>
    dataOf(http<{ data: StudentProfile }>(`/students/${studentId}/profile`, { signal })),
  reportFilters: (classIds, signal) =>
    dataOf(
      http<{ data: ReportFilters }>('/reports/filters', {
        query: classIds ? new URLSearchParams({ 'filter[school_class_id]': classIds }) : undefined,
        signal,
      }),
    ),
  generateSchoolReports: (body) =>
    http<ReportsQueued>('/schools/reports', { method: 'POST', body }).then(({ json }) => json),
  generateGradeReports: (body) =>
    http<ReportsQueued>('/grades/reports', { method: 'POST', body }).then(({ json }) => json),
  generateSchoolReportNow: (schoolId) =>
    http<{ data: { report_ids: number[]; preview_url: string } }>('/schools/generate/exams/report', {
      method: 'POST',
      body: { school_id: schoolId },
    }).then(({ json }) => json),
  migrateSchoolReports: (schoolId) =>
    http<{ message: string }>('/schools/migrate/reports', { method: 'POST', body: { school_id: schoolId } }).then(
      ({ json }) => json,
    ),
  downloadReports: (language, reportIds) =>
    http<Blob>('/reports/download', { method: 'POST', body: { language, report_ids: reportIds }, as: 'blob' }).then(
      (response) => toFile(response, 'Reports.zip'),
    ),
  fetchReportFile: (url) => {
    const target = new URL(url, window.location.origin);
    const path = target.pathname.replace(/^\/api/, '');
    return http<Blob>(path, { query: target.searchParams, as: 'blob' }).then((response) =>
      toFile(response, 'School_Report.pdf'),
    );
  },
};
