/**
 * The pieces of the roster's import flow that other imports reuse (the questions' interchange page):
 * a titled section, file buttons and chooser, summary figures and the job's polling.
 */
export { FileButtons } from './FileButtons';
export { FileChooser } from './FileChooser';
export { RosterSection as PageSection } from './RosterSection';
export { SummaryFigures } from './SummaryFigures';
export { isUnderWay, useImportJob } from './useImportJob';
export { useDownload } from './useDownload';
