/** What the rest of the code base may use from this feature (lint refuses imports of its other files). */
export {
  examStudentQuestions,
  loadLocalization,
  mediaUrl,
  orderStudentQuestions,
  prepareStudentQuestions,
  type PreparedQuestion,
  type Localization,
  type StudentOrder,
} from './student-questions';
export { loadExamState, startedCount } from './exam-rules';
