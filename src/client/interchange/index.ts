/** What other screens use of the questions' interchange: an exam's export. */
export { ExamExportButton } from './ExamExportButton';
