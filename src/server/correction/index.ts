/** What the rest of the code base may use from this feature (lint refuses imports of its other files). */
export { correctionRoutes } from './correction-routes';
export {
  correctionRollUp,
  rolledUpStatus,
  correctionStatusId,
  examStatusId,
  latestAttempt,
  readerSheet,
  resultMark,
  resultPassed,
  type RollUpLevel,
} from './status-sql';
export { correctionStatusEntry, examStatusEntry } from './status-names';
export { finalItemMarks, type FinalItemMark } from './final-marks';
export { marksAnonymously, readByCode, readByName, veiledExams } from './anonymous-markers';
