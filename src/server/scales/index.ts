/** Reporting scales: calibrations, the bank's item parameters and scaled scores (issue 42). */
export { calibrationRoutes } from './calibration-routes';
export { simulationRoutes } from './simulation-routes';
export { runCalibration } from './calibration-run';
export { CALIBRATION_MIN_ATTEMPTS, type ExamOutcome } from './calibration-outcome';
export { requestCalibration, CALIBRATION_QUEUE } from './calibration-requests';
export { currentParameters, examParameters } from './bank-parameters';
export { readScales, type ReportScale, type ScaleCuts, type ScaleReading } from './scale-readings';
export {
  adaptiveExam,
  forgetAdaptiveExam,
  readAdaptiveExam,
  stagePrior,
  type AdaptiveExam,
  type AdaptiveItem,
} from './adaptive-exam';
export { adaptivePrecision, PUBLISH_SIMULATION_STUDENTS } from './adaptive-publish';
