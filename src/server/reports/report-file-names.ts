import { reportKind } from '../../common/reports/index';
import { truncateText } from '../../common/text-bounds';

/**
 * A report's file name: its kind, its subject (letters and digits of any script, so an Arabic
 * name stays readable) and its exam, e.g. `Student_Report_Layla_Ahmed_12.pdf`; a bundle is a ZIP.
 */
export function reportFileName(type: number, subject: string, examId: number): string {
  // At most 80 characters, cut between graphemes: a slice of UTF-16 units could split a surrogate
  // pair (a letter outside the BMP), which no Content-Disposition header can carry.
  const words = truncateText(
    subject
      .normalize('NFC')
      .replace(/[^\p{L}\p{N}]+/gu, '_')
      .replace(/^_+/, ''),
    80,
    '',
  ).replace(/_+$/, '');
  const kind = reportKind(type);
  if (!kind) throw new Error(`report type ${type} is not declared`);
  const extension = kind.bundleOf ? 'zip' : 'pdf';
  return `${[kind.file, words, String(examId)].filter(Boolean).join('_')}.${extension}`;
}

/** The name of one language's file inside a ZIP: `Student_Report_Layla_12_ar.pdf`. */
export const languageFileName = (fileName: string, language: string) => fileName.replace(/\.pdf$/, `_${language}.pdf`);

/**
 * `Content-Disposition` for a download: an ASCII fallback name and the UTF-8 one (RFC 6266), so an
 * Arabic file name arrives as it is.
 */
export const attachment = (fileName: string) => disposition('attachment', fileName);

/** The same for a file shown in the page (the Report Viewer), which a browser may still save by its name. */
export const inlineFile = (fileName: string) => disposition('inline', fileName);

function disposition(kind: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
