import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { UnknownPath } from '../components/UnknownPath';
import { ProtectedPage, RequirePermission } from '../auth';
import { CORRECTION_PERMISSIONS, CorrectionPage, ExamStudentsPage } from '../correction';
import { PlatformProvider } from '../platforms';
import { RulePopupProvider } from './common/RulePopup';
import { EXAM_PERMISSIONS, type ExamAbility } from './common/useExamAccess';
import { ITEM_ANALYSIS_PERMISSIONS } from './analysis/ExamTabs';
import { ItemAnalysisPage } from './analysis/ItemAnalysisPage';
import { AssignExamPage } from './assign/AssignExamPage';
import { ExamCreatePage } from './form/ExamCreatePage';
import { ExamEditPage } from './form/ExamEditPage';
import { ExamList } from './list/ExamList';
import { LocalizationFormPage } from './localize/LocalizationFormPage';
import { LocalizationListPage } from './localize/LocalizationListPage';
import { ExamPreviewPage } from './preview/ExamPreviewPage';

const guard = (ability: ExamAbility, page: ReactNode) => (
  <RequirePermission anyOf={EXAM_PERMISSIONS[ability]}>{page}</RequirePermission>
);

/**
 * The exams area (SPEC section 2), mounted at `/exams/*`. Every page needs a signed-in user
 * and its own permission; they share the platform selection and the business-rule popup.
 * A localized exam's create page takes 0 as its second id (there is no localization yet).
 */
export function ExamsRoutes() {
  return (
    <ProtectedPage>
      <PlatformProvider>
        <RulePopupProvider>
          <Routes>
            <Route index element={guard('list', <ExamList />)} />
            <Route path="create" element={guard('create', <ExamCreatePage />)} />
            <Route path=":id/edit" element={guard('edit', <ExamEditPage />)} />
            <Route path=":id/preview" element={guard('preview', <ExamPreviewPage />)} />
            <Route path=":id/assign" element={guard('assign', <AssignExamPage />)} />
            <Route
              path=":id/item-analysis"
              element={
                <RequirePermission anyOf={ITEM_ANALYSIS_PERMISSIONS}>
                  <ItemAnalysisPage />
                </RequirePermission>
              }
            />
            <Route
              path=":id/preview/students"
              element={
                <RequirePermission anyOf={CORRECTION_PERMISSIONS.students}>
                  <ExamStudentsPage />
                </RequirePermission>
              }
            />
            {[':examId/preview/students/:studentId/correction', ':examId/preview/anonymous/:code/correction'].map(
              (path) => (
                <Route
                  key={path}
                  path={path}
                  element={
                    <RequirePermission anyOf={CORRECTION_PERMISSIONS.responses}>
                      <CorrectionPage />
                    </RequirePermission>
                  }
                />
              ),
            )}
            <Route path=":id/localize" element={guard('localizations', <LocalizationListPage />)} />
            <Route
              path=":id/localize/Create/:secondId"
              element={guard('createLocalization', <LocalizationFormPage mode="create" />)}
            />
            <Route
              path=":id/localize/Edit/:secondId"
              element={guard('editLocalization', <LocalizationFormPage mode="edit" />)}
            />
            <Route path=":id/localize/preview/:secondId" element={guard('preview', <ExamPreviewPage localized />)} />
            <Route path="*" element={<UnknownPath />} />
          </Routes>
        </RulePopupProvider>
      </PlatformProvider>
    </ProtectedPage>
  );
}

export default ExamsRoutes;
