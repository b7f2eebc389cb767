/**
 * The one import flow's screens (upload, dry run, job, result files), shared by the roster, the
 * questions' interchange and the item analysis's export: a titled section, download sections and
 * buttons, the file chooser, the flow's state and its buttons, a report's head, summary figures and
 * the job's polling.
 */
export { DownloadSection } from './DownloadSection';
export { FileButtons } from './FileButtons';
export { FileChooser } from './FileChooser';
export { ImportActions } from './ImportActions';
export { ImportOverview } from './ImportOverview';
export { PageSection } from './PageSection';
export { SummaryFigures } from './SummaryFigures';
export { isUnderWay, useImportJob } from './useImportJob';
export { useImportFlow, type ImportFlow } from './useImportFlow';
export { useDownload } from './useDownload';
export { OptionCheckbox, type OptionCheckboxProps } from './OptionCheckbox';
