import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ProtectedPage } from '../auth';
import { UnknownPath } from '../components/UnknownPath';
import { REPORT_PERMISSIONS } from './access';
import { ReportsListPage } from './list/ReportsListPage';
import { GradesPage } from './schools/GradesPage';
import { SchoolsListPage } from './schools/SchoolsListPage';
import { StudentExamsPage } from './schools/StudentExamsPage';
import { StudentsPage } from './schools/StudentsPage';
import { ReportViewerPage } from './viewer/ReportViewerPage';

const page = (anyOf: readonly string[], element: ReactNode) => <ProtectedPage anyOf={anyOf}>{element}</ProtectedPage>;

/** The schools drill-down (schools view) and the reports (reports view), each page behind its permission. */
export const SCHOOL_PAGES = {
  schools: page(REPORT_PERMISSIONS.schools, <SchoolsListPage />),
  grades: page(REPORT_PERMISSIONS.schools, <GradesPage />),
  students: page(REPORT_PERMISSIONS.schools, <StudentsPage />),
  studentExams: page(REPORT_PERMISSIONS.schools, <StudentExamsPage />),
};

/** `/generated-reports/*`: the list and the Report Viewer. */
export function GeneratedReportsRoutes() {
  return (
    <ProtectedPage anyOf={REPORT_PERMISSIONS.view}>
      <Routes>
        <Route index element={<ReportsListPage />} />
        <Route path=":id/view" element={<ReportViewerPage />} />
        <Route path="*" element={<UnknownPath />} />
      </Routes>
    </ProtectedPage>
  );
}

export default GeneratedReportsRoutes;
