/** The console paths of the schools drill-down and the reports (SPEC section 2). */
export const REPORT_PATHS = {
  schools: '/schools-list',
  grades: (schoolId: number) => `/grades?school_id=${schoolId}`,
  students: (schoolId: number, gradeId: number) => `/students?school_id=${schoolId}&grade_id=${gradeId}`,
  studentExams: (studentId: number) => `/student-exams?student_id=${studentId}`,
  reports: (filter?: Record<string, number | string>) =>
    `/generated-reports${filter ? `?${new URLSearchParams(Object.entries(filter).map(([k, v]) => [`filter[${k}]`, String(v)]))}` : ''}`,
  viewer: (reportId: number, lang: string) => `/generated-reports/${reportId}/view?lang=${lang}`,
};
