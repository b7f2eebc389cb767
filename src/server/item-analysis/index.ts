export { itemAnalysisRoutes } from './item-analysis-routes';
export { examItemAnalysis } from './exam-item-analysis';
