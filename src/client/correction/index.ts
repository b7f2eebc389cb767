/** What the rest of the console may use from correction: its screens, paths and permissions. */
export { CORRECTION_PERMISSIONS, correctionPath, examStudentsPath } from './access';
export { ExamStudentsPage } from './list/ExamStudentsPage';
export { CorrectionPage } from './screen/CorrectionPage';
