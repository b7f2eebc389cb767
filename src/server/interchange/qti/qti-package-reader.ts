import { posix } from 'node:path';
import type { Element } from '@xmldom/xmldom';
import { newAnswerId } from '../../../common/questions/index';
import { round2 } from '../../../common/questions/score-result';
import { safeUnzip, UnsafeArchive } from '../../untrusted/index';
import {
  InterchangeFileRefused,
  type InterchangeFile,
  type InterchangeItem,
  type ItemProblem,
} from '../interchange-item';
import { serializeNodes } from '../markup';
import { parseXml } from '../xml-safety';
import { attr, hasClass, qtiChildren, qtiDescendants, qtiFirst, qtiName } from './qti-dom';
import { mediaOf, readQtiItem, resolvePath, type ReadQtiItem } from './qti-item-reader';
import { readManifest, type ManifestEntry } from './qti-manifest-reader';
import { LTM_CLASS } from './qti-vocabulary';

/** A package's limits: entries, and bytes once inflated (media included). */
export const PACKAGE_LIMITS = { maxEntries: 20_000, maxTotalBytes: 300 * 1024 * 1024 };

const PASSAGE_TEXT = { en: 'Read the text, then answer the questions.', ar: 'اقرأ النص ثم أجب عن الأسئلة.' };
const utf8 = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes);

/** A package's files by path, read within the package limits (a bomb or an escaping path refused). */
export function unzipPackage(bytes: Uint8Array): Map<string, Uint8Array> {
  try {
    return safeUnzip(bytes, PACKAGE_LIMITS);
  } catch (error) {
    if (error instanceof UnsafeArchive) throw new InterchangeFileRefused(`interchange.errors.${error.reason}`);
    throw error;
  }
}

/** Items in the order the package's test lists them, else the manifest's. */
function itemOrder(files: Map<string, Uint8Array>, resources: ManifestEntry[]): ManifestEntry[] {
  const items = resources.filter((r) => r.type.startsWith('imsqti_item'));
  const test = resources.find((r) => r.type.startsWith('imsqti_test') && files.has(r.path));
  if (!test) return items;
  const refs = qtiDescendants(parseXml(utf8(files.get(test.path)!)), (n) => n === 'qti-assessment-item-ref').map(
    (ref) => resolvePath(test.path, attr(ref, 'href') ?? ''),
  );
  const byPath = new Map(items.map((r) => [r.path, r]));
  const listed = refs.flatMap((path) => (path && byPath.has(path) ? [byPath.get(path)!] : []));
  return [...listed, ...items.filter((r) => !listed.includes(r))];
}

/**
 * A paragraph from a stimulus and the items that refer to it: the passage, the question's text
 * and media from the stimulus, each item a related question. Packages made here keep ids.
 */
function paragraph(
  stimulus: { path: string; entry?: ManifestEntry; xml?: Uint8Array },
  children: ReadQtiItem[],
  ours: boolean,
): InterchangeItem {
  const first = children[0].item;
  const identifier = ours
    ? (stimulus.entry?.identifier ?? first.identifier).replace(/-passage$/, '')
    : (stimulus.entry?.identifier ?? first.identifier);
  const metadata =
    stimulus.entry && Object.keys(stimulus.entry.metadata).length ? stimulus.entry.metadata : first.metadata;
  const problems: ItemProblem[] = [];
  const notes: ItemProblem[] = [];
  if (!stimulus.xml)
    return {
      identifier,
      metadata,
      problems: [{ key: 'interchange.problems.media_missing', params: { name: stimulus.path } }],
    };
  const root = parseXml(utf8(stimulus.xml)).documentElement!;
  const stimulusBody = qtiFirst(root, 'qti-stimulus-body') ?? root;
  // Packages made here hold the passage in a block of its own (older ones put its classes on the body).
  const body = qtiChildren(stimulusBody, 'div').find((d) => hasClass(d, LTM_CLASS.stimulus)) ?? stimulusBody;
  const language = first.question?.content_language ?? 'ar';
  const block = (cls: string) => qtiDescendants(body, (n) => n === 'div').find((d) => hasClass(d, cls));
  const html = (el: Element | undefined, skip?: (e: Element) => boolean) =>
    el ? serializeNodes(el.firstChild, { selfClose: false, skip }).trim() : '';
  const textBlock = block(LTM_CLASS.questionText);
  const passage = block(LTM_CLASS.passage)
    ? html(block(LTM_CLASS.passage))
    : html(body, (e) => ['img', 'audio', 'video', 'object'].includes(qtiName(e)));
  const media = mediaOf(body, stimulus.path, notes);
  const kids = children.flatMap(({ item }) => {
    if (item.unsupported) notes.push(item.unsupported);
    problems.push(...item.problems);
    notes.push(...(item.notes ?? []));
    if (item.media) notes.push({ key: 'interchange.problems.extra_media_dropped', params: { name: item.media } });
    if (!item.question) return [];
    const q = item.question;
    const id = ours ? item.identifier.slice(identifier.length + 1) : newAnswerId();
    return [
      { id, kind: q.answer_type, text: q.text, mark: q.mark, mark_option: q.mark_option, definition: q.answer_key },
    ];
  });
  if (kids.length === 0) problems.push({ key: 'interchange.problems.paragraph_empty' });
  return {
    identifier,
    metadata,
    problems,
    notes,
    media: media.media,
    instructionAudio: media.instructionAudio,
    question: {
      ...stimulus.entry?.values,
      text: textBlock ? html(textBlock) : PASSAGE_TEXT[language],
      content_language: language,
      answer_type: 'paragraph',
      answer_key: { passage, children: kids },
      mark: round2(kids.reduce((sum, k) => sum + k.mark, 0)),
      mark_option: hasClass(body, LTM_CLASS.markPartial) ? 'partial' : 'all_or_nothing',
      media_type: media.media_type,
      media_replay_count: media.media_replay_count,
    },
  };
}

/** Reads one item file; a file that is not XML at all stops the whole import. */
const readItemFile = (
  bytes: Uint8Array,
  entry: Pick<ManifestEntry, 'path' | 'metadata'> & Partial<Pick<ManifestEntry, 'values'>>,
  ours: boolean,
) => readQtiItem(parseXml(utf8(bytes)), { path: entry.path, ours, metadata: entry.metadata, values: entry.values });

/** A QTI content package (zip) or a single item file, as items in order with the media it carries. */
export function readQti(bytes: Uint8Array): InterchangeFile {
  const zipped = bytes[0] === 0x50 && bytes[1] === 0x4b;
  if (!zipped) {
    const { item } = readItemFile(bytes, { path: '', metadata: {} }, false);
    return {
      format: /xsd\/imsqti_v2p/.test(utf8(bytes.subarray(0, 2000))) ? 'qti2' : 'qti3',
      items: [item],
      media: new Map(),
    };
  }
  return readQtiPackage(unzipPackage(bytes));
}

/** A zipped package's files read as QTI: its manifest's items, in its test's order when it has one. */
export function readQtiPackage(files: Map<string, Uint8Array>): InterchangeFile {
  const manifestPath = [...files.keys()]
    .filter((p) => posix.basename(p) === 'imsmanifest.xml')
    .sort((a, b) => a.length - b.length)[0];
  if (!manifestPath) throw new InterchangeFileRefused('interchange.errors.no_manifest');
  const manifest = readManifest(utf8(files.get(manifestPath)!), manifestPath);
  const byPath = new Map(manifest.resources.map((r) => [r.path, r]));
  const items: InterchangeItem[] = [];
  let group: { stimulus: string; children: ReadQtiItem[] } | undefined;
  const flush = () => {
    if (!group) return;
    items.push(
      paragraph(
        { path: group.stimulus, entry: byPath.get(group.stimulus), xml: files.get(group.stimulus) },
        group.children,
        manifest.ours,
      ),
    );
    group = undefined;
  };
  for (const entry of itemOrder(files, manifest.resources)) {
    const file = files.get(entry.path);
    if (!file) {
      flush();
      items.push({
        identifier: entry.identifier,
        metadata: entry.metadata,
        problems: [{ key: 'interchange.problems.media_missing', params: { name: entry.path } }],
      });
      continue;
    }
    const read = readItemFile(file, entry, manifest.ours);
    if (!read.stimulus) {
      flush();
      items.push(read.item);
      continue;
    }
    if (group?.stimulus !== read.stimulus) flush();
    group ??= { stimulus: read.stimulus, children: [] };
    group.children.push(read);
  }
  flush();
  const media = new Map([...files].filter(([path]) => !path.endsWith('.xml')));
  const qti2 = manifest.resources.some((r) => /v2p\d/.test(r.type));
  return { format: qti2 ? 'qti2' : 'qti3', items, media };
}
