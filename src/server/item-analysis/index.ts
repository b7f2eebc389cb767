export { itemAnalysisRoutes } from './item-analysis-routes';
export { examItemAnalysis } from './exam-item-analysis';
export { loadItemScores, type ExamQuestion } from './item-scores';
