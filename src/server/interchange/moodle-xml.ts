import type { Element } from '@xmldom/xmldom';
import { isBlankHtml } from '../../common/questions/rich-text';
import { InterchangeFileRefused, unsupportedItem, type InterchangeItem } from './interchange-item';
import { MOODLE_ANSWER_READERS } from './moodle-answers';
import { childElement, childElements, fieldText, formatOf, textOf } from './moodle-dom';
import { draftItem, unreadableItem } from './moodle-item';
import { questionMedia } from './moodle-media';
import { itemProblem, MOODLE_PROBLEMS as P } from './moodle-problems';
import { tagsMetadata } from './moodle-tags';
import { contentLanguage, formatToHtml } from './moodle-text';
import { parseXml } from './xml-safety';

/**
 * Reading a Moodle XML question file (`<quiz>` of `<question type>`), as Moodle's question bank
 * exports it, into interchange items. Categories are folders, not questions, and are skipped.
 * One question that cannot be read is an item with a problem; only a file that is not Moodle
 * XML at all is refused.
 */

// Whether Moodle kept feedback (general, or for an answer) that our questions have no place for.
function hasFeedback(question: Element): boolean {
  const feedbacks = [
    childElement(question, 'generalfeedback'),
    ...childElements(question, 'answer').map((a) => childElement(a, 'feedback')),
  ];
  return feedbacks.some((f) => f && !isBlankHtml(textOf(f)));
}

function readQuestion(question: Element, index: number, media: Map<string, Uint8Array>): InterchangeItem {
  const identifier = textOf(childElement(question, 'name')).trim() || `question ${index}`;
  const metadata = tagsMetadata(question);
  const qtype = question.getAttribute('type') ?? '';
  const reader = MOODLE_ANSWER_READERS[qtype];
  if (!reader) return unsupportedItem(identifier, qtype || 'unknown', metadata);
  try {
    const questionText = childElement(question, 'questiontext');
    const html = formatToHtml(textOf(questionText), formatOf(questionText));
    const files = questionMedia(question, questionText, html, index);
    const language = contentLanguage(html);
    const read = reader(question, files.text, language);
    const grade = parseFloat(fieldText(question, 'defaultgrade'));
    if (files.media) media.set(files.media.path, files.media.bytes);
    const notes = hasFeedback(question) ? [...files.notes, itemProblem(P.feedback)] : files.notes;
    return draftItem(
      {
        identifier,
        text: files.text,
        language,
        mark: Number.isFinite(grade) ? grade : 1,
        metadata,
        media: files.media && { path: files.media.path, type: files.media.type },
        problems: files.problems,
        notes,
      },
      read,
    );
  } catch {
    return unreadableItem(identifier, metadata);
  }
}

/**
 * Reads a Moodle XML file: its questions in order, and the media files they carry by path
 * (`moodle/<question number>/<file name>`). Throws `InterchangeFileRefused` for XML that is
 * malformed, declares entities, or is not a Moodle `<quiz>`.
 */
export function readMoodleXml(text: string): { items: InterchangeItem[]; media: Map<string, Uint8Array> } {
  const root = parseXml(text).documentElement!;
  if (root.nodeName !== 'quiz') throw new InterchangeFileRefused('interchange.errors.xml_unreadable');
  const media = new Map<string, Uint8Array>();
  const questions = childElements(root, 'question').filter((q) => q.getAttribute('type') !== 'category');
  const items = questions.map((question, i) => readQuestion(question, i + 1, media));
  return { items, media };
}
