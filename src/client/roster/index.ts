/**
 * The pieces of the roster's import flow that other imports reuse (the questions' interchange page):
 * a titled section, download sections, the file chooser, the flow's state and its
 * buttons, a report's head, summary figures and the job's polling.
 */
export { DownloadSection } from './DownloadSection';
export { FileChooser } from './FileChooser';
export { ImportActions } from './ImportActions';
export { ImportOverview } from './ImportOverview';
export { RosterSection as PageSection } from './RosterSection';
export { SummaryFigures } from './SummaryFigures';
export { isUnderWay } from './useImportJob';
export { useImportFlow } from './useImportFlow';
export { useDownload } from './useDownload';
