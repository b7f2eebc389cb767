import type { Element } from '@xmldom/xmldom';
import type { ItemProblem } from './interchange-item';
import { childElement, childElements } from './moodle-dom';
import { itemProblem, MOODLE_PROBLEMS as P } from './moodle-problems';

/**
 * The files a Moodle question carries. Moodle embeds them base64-encoded (`<file name encoding>`)
 * next to the text that names them as `@@PLUGINFILE@@/name`. A question of ours has one image or
 * audio beside its text, never inside it: the first one the text names becomes the question's
 * media, the references leave the text, and every other file is noted as dropped.
 */

const IMAGE = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp']);
const AUDIO = new Set(['mp3', 'm4a', 'ogg', 'oga', 'wav', 'webm']);

/** Image or audio by the file name's extension; undefined for anything else. */
export function mediaKind(name: string): 'image' | 'audio' | undefined {
  const extension = name.toLowerCase().split('.').pop() ?? '';
  if (IMAGE.has(extension)) return 'image';
  return AUDIO.has(extension) ? 'audio' : undefined;
}

const REFERENCE = /@@PLUGINFILE@@\/([^"'\s<>?#]+)/g;
// Elements that only show a file: they leave the text with it.
const FILE_ELEMENTS = [
  /<(audio|video)\b[^>]*>[\s\S]*?<\/\1>/gi,
  /<a\b[^>]*@@PLUGINFILE@@[^>]*>[\s\S]*?<\/a>/gi,
  /<(?:img|source|embed)\b[^>]*@@PLUGINFILE@@[^>]*>/gi,
];

const decodeName = (name: string): string => {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
};

/** The file names a text refers to, in order, once each. */
export function referencedFiles(html: string): string[] {
  return [...new Set(Array.from(html.matchAll(REFERENCE), (m) => decodeName(m[1])))];
}

// A paragraph left empty once its image is gone.
const EMPTY_PARAGRAPH = /<p\b[^>]*>(?:\s|&nbsp;|<br\s*\/?>)*<\/p>/gi;

/** The text without the elements that show its embedded files (nor the paragraphs they leave empty). */
export function stripFileReferences(html: string): string {
  if (!html.includes('@@PLUGINFILE@@')) return html;
  const stripped = FILE_ELEMENTS.reduce(
    (text, pattern) => text.replace(pattern, (whole) => (whole.includes('@@PLUGINFILE@@') ? '' : whole)),
    html,
  );
  return stripped.replace(EMPTY_PARAGRAPH, '');
}

// A file name as a path segment: no folders, nothing a zip or a disk would read as a path.
const safeName = (name: string): string => {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[^\p{L}\p{N}._ -]/gu, '_').trim();
  return base === '' || /^\.+$/.test(base) ? 'file' : base;
};

/** What the files of one question became. */
export interface QuestionMedia {
  text: string;
  media?: { path: string; type: 'image' | 'audio'; bytes: Uint8Array };
  problems: ItemProblem[];
  notes: ItemProblem[];
}

/**
 * The media of question number `index` (1-based): its text's files (`questionText` is the
 * `<questiontext>` element, `html` its text) and, as dropped, any file elsewhere in `question`.
 */
export function questionMedia(
  question: Element,
  questionText: Element | undefined,
  html: string,
  index: number,
): QuestionMedia {
  const files = questionText ? childElements(questionText, 'file') : [];
  const byName = new Map(files.map((f) => [f.getAttribute('name') ?? '', f]));
  const named = referencedFiles(html);
  const problems = named.filter((name) => !byName.has(name)).map((name) => itemProblem(P.mediaMissing, { name }));
  const chosenName =
    named.find((name) => byName.has(name) && mediaKind(name)) ?? [...byName.keys()].find((name) => mediaKind(name));
  const notes = Array.from(question.getElementsByTagName('file'))
    .map((f) => f.getAttribute('name') ?? '')
    .filter((name, i, all) => name !== chosenName || all.indexOf(name) !== i)
    .map((name) => itemProblem(P.extraMedia, { name }));
  const result: QuestionMedia = { text: stripFileReferences(html), problems, notes };
  if (chosenName) {
    const bytes = new Uint8Array(Buffer.from(byName.get(chosenName)!.textContent ?? '', 'base64'));
    result.media = { path: `moodle/${index}/${safeName(chosenName)}`, type: mediaKind(chosenName)!, bytes };
  }
  return withLegacyPicture(result, question, index);
}

/**
 * Moodle's older picture, beside the text (`<image>` naming it, `<image_base64>` carrying it):
 * the question's media when it has none, else noted as dropped; named but not carried, noted as
 * such (issue 40: it was dropped without a word).
 */
function withLegacyPicture(result: QuestionMedia, question: Element, index: number): QuestionMedia {
  const name = (childElement(question, 'image')?.textContent ?? '').trim();
  const data = (childElement(question, 'image_base64')?.textContent ?? '').replace(/\s+/g, '');
  if (!name && !data) return result;
  const shown = name || 'image.png';
  if (!data) return { ...result, notes: [...result.notes, itemProblem(P.pictureNotCarried, { name: shown })] };
  if (result.media || mediaKind(shown) !== 'image')
    return { ...result, notes: [...result.notes, itemProblem(P.extraMedia, { name: shown })] };
  const bytes = new Uint8Array(Buffer.from(data, 'base64'));
  return { ...result, media: { path: `moodle/${index}/${safeName(shown)}`, type: 'image', bytes } };
}
