import { posix } from 'node:path';
import { zipSync } from 'fflate';
import { InterchangeFileRefused } from './interchange-item';

/** The workbook's name inside a bank export with media. */
const WORKBOOK = 'questions-bank.xlsx';
/** Where a bank export with media puts its files; the workbook names each by its file name. */
const MEDIA_FOLDER = 'media/';

/** What tools add beside the files (macOS's resource forks, hidden files, Excel's `~$` lock files): never media. */
const isClutter = (path: string) =>
  path.startsWith('__MACOSX/') || posix.basename(path).startsWith('.') || posix.basename(path).startsWith('~$');

/**
 * A zip that holds one Excel workbook and the pictures and sounds its questions name (a bank
 * exported with its media, or a teacher's own): the workbook, and every other file by its file name,
 * wherever it sits in the zip, or by its path in it, as the workbook's media columns name them.
 * Undefined for a QTI package (it has a manifest) or a zip with no workbook; a zip with several is
 * refused (which one would it be?).
 */
export function workbookWithMedia(
  files: Map<string, Uint8Array>,
): { bytes: Uint8Array; media: Map<string, Uint8Array> } | undefined {
  const paths = [...files.keys()].filter((path) => !isClutter(path));
  if (paths.some((path) => posix.basename(path) === 'imsmanifest.xml')) return undefined;
  const workbooks = paths.filter((path) => path.toLowerCase().endsWith('.xlsx'));
  if (workbooks.length === 0) return undefined;
  if (workbooks.length > 1) throw new InterchangeFileRefused('interchange.errors.several_workbooks');
  // By the path a row gives (`media/a.png`), or by its file name alone wherever it sits.
  const media = new Map<string, Uint8Array>();
  for (const path of paths) {
    if (path === workbooks[0]) continue;
    media.set(path, files.get(path)!);
    if (!media.has(posix.basename(path))) media.set(posix.basename(path), files.get(path)!);
  }
  return { bytes: files.get(workbooks[0])!, media };
}

/**
 * A bank's workbook with its media, as one zip: the workbook, and each file under `media/` by the
 * name its question's row gives (package paths are `media/<file>`). Media are stored, not deflated
 * again (pictures and sounds are compressed already).
 */
export function workbookZip(workbook: Uint8Array, media: Map<string, Uint8Array>): Uint8Array {
  const entries: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = { [WORKBOOK]: workbook };
  for (const [path, bytes] of media) entries[MEDIA_FOLDER + posix.basename(path)] = [bytes, { level: 0 }];
  return zipSync(entries);
}
