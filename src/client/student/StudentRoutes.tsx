import { Route, Routes } from 'react-router-dom';
import { ProtectedPage } from '../auth';
import { MyExamsPage } from './my-exams/MyExamsPage';
import { ExamPlayerPage } from './player/ExamPlayerPage';
import { ResultPage } from './result/ResultPage';
import { STUDENT_VIEW_PERMISSION } from './paths';

const STUDENT = [STUDENT_VIEW_PERMISSION];

/** The student's screens under /my-exams: the list, an exam (start, answer, submit), a result. */
export default function StudentRoutes() {
  return (
    <ProtectedPage anyOf={STUDENT}>
      <Routes>
        <Route index element={<MyExamsPage />} />
        <Route path=":id" element={<ExamPlayerPage />} />
        <Route path=":id/result" element={<ResultPage />} />
      </Routes>
    </ProtectedPage>
  );
}
