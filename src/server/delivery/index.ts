/** What the rest of the code base may use from this feature (lint refuses imports of its other files). */
export { assignationRoutes } from './assignation-routes';
export { studentRoutes } from './student-routes';
export { finalizeAttempt, finalizeDueAttempts } from './scoring';
export { defineDeadlineJobs, type DeadlineScheduler } from './deadline-jobs';
export { flushPresence, startPresenceFlusher } from './presence';
export { answersShownForExam, resultsReleasedSql } from './result-release';
export { extraSecondsOf, extraTimeOf } from './extra-time';
export { answerSaveStats } from './answer-store';
