/** What the rest of the console may use from the roster screens. */
export { ExamResultsButtons } from './ExamResultsButtons';
