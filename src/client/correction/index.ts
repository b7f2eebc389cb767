import { lazyLoaded } from '../pageReady';

/** What the rest of the console may use from correction: its screens, paths and permissions. */
export { CORRECTION_PERMISSIONS, correctionPath, examStudentsPath } from './access';

/** The screens load on first visit: the exams list (the staff's first page) does not carry them. */
export const ExamStudentsPage = lazyLoaded(() =>
  import('./list/ExamStudentsPage').then((m) => ({ default: m.ExamStudentsPage })),
);
export const CorrectionPage = lazyLoaded(() =>
  import('./screen/CorrectionPage').then((m) => ({ default: m.CorrectionPage })),
);
