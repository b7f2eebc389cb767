import { unzipSync } from 'fflate';
import { decodeText } from '../roster/index';
import { readGift } from './gift';
import { InterchangeFileRefused, type InterchangeFile } from './interchange-item';
import { readMoodleXml } from './moodle-xml';
import { readQti, readQtiPackage, unzipPackage } from './qti/qti-package-reader';
import { workbookWithMedia } from './xlsx-media';
import { readQuestionWorkbook } from './xlsx-reader';

/** The largest question file accepted (a package with its media). */
export const MAX_QUESTION_FILE_BYTES = 100 * 1024 * 1024;

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * Whether a zip is an XLSX workbook: its own entries (read from the zip's directory, nothing
 * inflated) hold its content types and a workbook part. Never the bytes' text: a zip that stores a
 * workbook uncompressed shows the workbook's names too.
 */
const isWorkbook = (bytes: Uint8Array) => {
  const names: string[] = [];
  try {
    unzipSync(bytes, { filter: (entry) => (names.push(entry.name), false) });
  } catch {
    return false;
  }
  return names.includes('[Content_Types].xml') && names.some((name) => name.startsWith('xl/'));
};

/**
 * Reads a question file, told by its content (never its name): a zip is an XLSX workbook, a
 * workbook with its media (xlsx-media.ts) or a QTI package; XML is Moodle XML (`<quiz>`) or a
 * single QTI item; other text is GIFT.
 */
export async function readInterchangeFile(bytes: Uint8Array): Promise<InterchangeFile> {
  if (bytes.length > MAX_QUESTION_FILE_BYTES) throw new InterchangeFileRefused('interchange.errors.file_too_large');
  if (isZip(bytes)) {
    if (isWorkbook(bytes)) return { format: 'xlsx', items: await readQuestionWorkbook(bytes), media: new Map() };
    const files = unzipPackage(bytes);
    const workbook = workbookWithMedia(files);
    if (workbook) return { format: 'xlsx', items: await readQuestionWorkbook(workbook.bytes), media: workbook.media };
    return readQtiPackage(files);
  }
  const { text } = decodeText(bytes);
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('<')) {
    const root = /<(?!\?|!)([A-Za-z][\w:.-]*)/.exec(start)?.[1] ?? '';
    if (root === 'quiz') return { format: 'moodle_xml', ...readMoodleXml(text) };
    if (/^(qti-assessment-item|assessmentItem)$/.test(root.replace(/^\w+:/, '')))
      return readQti(new TextEncoder().encode(text));
    if (/<!ENTITY|<!DOCTYPE/i.test(start)) throw new InterchangeFileRefused('interchange.errors.xml_entities');
    throw new InterchangeFileRefused('interchange.errors.unknown_format');
  }
  if (start.includes('{')) return { format: 'gift', items: readGift(text), media: new Map() };
  throw new InterchangeFileRefused('interchange.errors.unknown_format');
}
