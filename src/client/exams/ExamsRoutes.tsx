import { Suspense, type ReactNode } from 'react';
import { Loading } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { UnknownPath } from '../components/UnknownPath';
import { ProtectedPage, RequirePermission } from '../auth';
import { CORRECTION_PERMISSIONS, CorrectionPage, ExamStudentsPage } from '../correction';
import { PlatformProvider } from '../platforms';
import { RulePopupProvider } from './common/RulePopup';
import { EXAM_PERMISSIONS, type ExamAbility } from './common/useExamAccess';
import { ITEM_ANALYSIS_PERMISSIONS } from './analysis/ExamTabs';
import { ExamList } from './list/ExamList';
import { lazyLoaded } from '../pageReady';

// The list is the staff's first page; every other exam page loads on first visit (issue 28: the
// first load of /exams carried the preview's question renderers and the forms).
const ItemAnalysisPage = lazyLoaded(() =>
  import('./analysis/ItemAnalysisPage').then((m) => ({ default: m.ItemAnalysisPage })),
);
const AssignExamPage = lazyLoaded(() => import('./assign/AssignExamPage').then((m) => ({ default: m.AssignExamPage })));
const ExamCreatePage = lazyLoaded(() => import('./form/ExamCreatePage').then((m) => ({ default: m.ExamCreatePage })));
const ExamEditPage = lazyLoaded(() => import('./form/ExamEditPage').then((m) => ({ default: m.ExamEditPage })));
const LocalizationFormPage = lazyLoaded(() =>
  import('./localize/LocalizationFormPage').then((m) => ({ default: m.LocalizationFormPage })),
);
const LocalizationListPage = lazyLoaded(() =>
  import('./localize/LocalizationListPage').then((m) => ({ default: m.LocalizationListPage })),
);
const ExamPreviewPage = lazyLoaded(() =>
  import('./preview/ExamPreviewPage').then((m) => ({ default: m.ExamPreviewPage })),
);

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
          <Suspense fallback={<Loading />}>
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
          </Suspense>
        </RulePopupProvider>
      </PlatformProvider>
    </ProtectedPage>
  );
}

export default ExamsRoutes;
