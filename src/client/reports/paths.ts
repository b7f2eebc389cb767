import reports from '../../../schemas/reports';

/** A page's path as schemas/reports.ts declares it (without the trailing `/*` of a page with sub-routes). */
const declared = (key: keyof typeof reports.pages) => reports.pages[key].path.replace(/\/\*$/, '');

/** The console paths of the schools drill-down and the reports (SPEC section 2), from their declarations. */
export const REPORT_PATHS = {
  schools: declared('schools_list'),
  grades: (schoolId: number) => `${declared('grades')}?school_id=${schoolId}`,
  students: (schoolId: number, gradeId: number) => `${declared('students')}?school_id=${schoolId}&grade_id=${gradeId}`,
  studentExams: (studentId: number) => `${declared('student_exams')}?student_id=${studentId}`,
  reports: (filter?: Record<string, number | string>) =>
    `${declared('all_reports')}${filter ? `?${new URLSearchParams(Object.entries(filter).map(([k, v]) => [`filter[${k}]`, String(v)]))}` : ''}`,
  viewer: (reportId: number, lang: string) => `${declared('all_reports')}/${reportId}/view?lang=${lang}`,
};
