/** Adaptive testing on a calibrated bank (issue 43): model, estimates, selection and simulation. */
export { information, probabilities, type PoolItem } from './model';
export { addAnswer, EAP_GRID, eap, finalEstimate, startPosterior, type Prior } from './estimate';
export {
  allowed,
  allowedBy,
  balancedBy,
  finished,
  nextQuestion,
  type CatProgress,
  type CatRules,
  type ContentRule,
  type ExposureControl,
} from './select';
export {
  measured,
  simulateCat,
  simulateOne,
  sympsonHetterRates,
  testInformation,
  type SimulatedTest,
} from './simulate';
export { exposureRates, PRECISION_SHARE, simulationReport, type SimulationBand, type SimulationReport } from './report';
