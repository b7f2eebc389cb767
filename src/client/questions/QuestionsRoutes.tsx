import { Route, Routes } from 'react-router-dom';
import { AREAS, listPermissions } from '../../common/permission-catalog';
import { ProtectedPage } from '../auth';
import { UnknownPath } from '../components/UnknownPath';
import { PlatformProvider } from '../platforms';
import { QuestionList } from './list/QuestionList';
import { QuestionPreviewPage } from './preview/QuestionPreviewPage';
import { QuestionCreate } from './QuestionCreate';
import { QuestionEdit } from './QuestionEdit';

/**
 * Everything under `/questions-bank` (SPEC section 2): list, create, edit and preview, for users
 * who may see the bank, sharing one platform selection. Loaded lazily by the console.
 */
export default function QuestionsRoutes() {
  return (
    <ProtectedPage anyOf={listPermissions(AREAS.questionsBank)}>
      <PlatformProvider>
        <Routes>
          <Route index element={<QuestionList />} />
          <Route path="create" element={<QuestionCreate />} />
          <Route path=":id/edit" element={<QuestionEdit />} />
          <Route path=":id/preview" element={<QuestionPreviewPage />} />
          <Route path="*" element={<UnknownPath />} />
        </Routes>
      </PlatformProvider>
    </ProtectedPage>
  );
}
