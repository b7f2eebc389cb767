import { strToU8, zipSync, type Zippable } from 'fflate';
import type { AnswerKind } from '../../../../schemas/parts/question-kinds';
import type { ParagraphDefinition } from '../../../common/questions/types/paragraph';
import type { LookupField, LookupName } from '../interchange-item';
import { element } from '../markup';
import { manifestValues } from './qti-item-values';
import { paragraphFiles, questionItem, titleOf, type ExportQuestion } from './qti-item-writer';
import { manifest, type ManifestResource } from './qti-manifest-writer';
import { rootAttributes } from './qti-vocabulary';

/** A question to package, with the names of its lookups. */
export interface PackageQuestion {
  question: ExportQuestion;
  metadata: Partial<Record<LookupField, LookupName>>;
}

export interface PackageInput {
  identifier: string;
  questions: PackageQuestion[];
  /** The media files the questions name, by their path in the package (`media/…`). */
  media: Map<string, Uint8Array>;
  /** An exam: an assessment test listing the items in the exam's order. */
  /** An exam as a test; its title in the reader's language (the ASI schema gives a test no `xml:lang`). */
  test?: { identifier: string; title: string };
}

const INTERACTION: Record<Exclude<AnswerKind, 'paragraph'>, string> = {
  single_choice: 'choiceInteraction',
  multiple_choice: 'choiceInteraction',
  true_false: 'choiceInteraction',
  essay: 'extendedTextInteraction',
  fill_blanks: 'textEntryInteraction',
  reordering: 'orderInteraction',
  matching: 'matchInteraction',
  audio_response: 'uploadInteraction',
  categorizing: 'matchInteraction',
};

/** The interactions of a kind, as the QTI metadata names them (fill in the blanks may use both of its). */
function interactionsOf(kind: Exclude<AnswerKind, 'paragraph'>, definition: unknown): string[] {
  if (kind !== 'fill_blanks') return [INTERACTION[kind]];
  const blanks = (definition as { blanks: { options?: string[] }[] }).blanks;
  return [
    ...(blanks.some((b) => !b.options) ? ['textEntryInteraction'] : []),
    ...(blanks.some((b) => b.options) ? ['inlineChoiceInteraction'] : []),
  ];
}

const mediaId = (path: string) => `MEDIA-${path.replace(/[^A-Za-z0-9_.-]/g, '_')}`;
const mediaOf = (q: ExportQuestion) => [q.media, q.instruction_audio].filter((p): p is string => !!p);

/**
 * A QTI 3.0 content package as zip bytes: one item per question (a paragraph's passage a stimulus
 * its related questions' items refer to), the media they name, the curriculum metadata and the
 * declared values the items do not hold in the manifest, and for an exam a test listing the items
 * in order.
 */
export function qtiPackage(input: PackageInput): Uint8Array {
  const files: Zippable = {};
  const resources: ManifestResource[] = [];
  const itemRefs: { identifier: string; href: string }[] = [];
  const addItem = (identifier: string, xml: string, extra: Partial<ManifestResource>) => {
    const href = `items/${identifier}.xml`;
    files[href] = strToU8(xml);
    resources.push({ identifier, type: 'imsqti_item_xmlv3p0', href, ...extra });
    itemRefs.push({ identifier, href });
  };

  for (const { question, metadata } of input.questions) {
    const dependencies = mediaOf(question).map(mediaId);
    if (question.answer_type !== 'paragraph') {
      addItem(question.identifier, questionItem(question, '../'), {
        dependencies,
        metadata,
        values: manifestValues(question),
        interactions: interactionsOf(question.answer_type, question.answer_key),
      });
      continue;
    }
    const { stimulus, items } = paragraphFiles(question, '../', (id) => `../stimuli/${id}.xml`);
    const stimulusHref = `stimuli/${stimulus.identifier}.xml`;
    files[stimulusHref] = strToU8(stimulus.xml);
    resources.push({
      identifier: stimulus.identifier,
      type: 'imsqti_stimulus_xmlv3p0',
      href: stimulusHref,
      dependencies,
      metadata,
      values: manifestValues(question),
    });
    const children = (question.answer_key as ParagraphDefinition).children;
    items.forEach((item, i) =>
      addItem(item.identifier, item.xml, {
        dependencies: [stimulus.identifier],
        interactions: interactionsOf(children[i].kind, children[i].definition),
      }),
    );
  }

  for (const [path, bytes] of input.media) {
    // Media are compressed already: stored as they are.
    files[path] = [bytes, { level: 0 }];
    resources.push({ identifier: mediaId(path), type: 'webcontent', href: path });
  }

  if (input.test) {
    const href = `tests/${input.test.identifier}.xml`;
    files[href] = strToU8(assessmentTest(input.test, itemRefs));
    resources.unshift({
      identifier: input.test.identifier,
      type: 'imsqti_test_xmlv3p0',
      href,
      dependencies: itemRefs.map((r) => r.identifier),
    });
  }
  files['imsmanifest.xml'] = strToU8(manifest(input.identifier, resources));
  return zipSync(files, { level: 6 });
}

/** An exam as a test: one part and one section, its items in the exam's order. */
function assessmentTest(
  test: NonNullable<PackageInput['test']>,
  items: { identifier: string; href: string }[],
): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    element('qti-assessment-test', rootAttributes(test.identifier, titleOf(test.title)), [
      element(
        'qti-test-part',
        { identifier: 'part-1', 'navigation-mode': 'nonlinear', 'submission-mode': 'simultaneous' },
        [
          element(
            'qti-assessment-section',
            { identifier: 'section-1', title: titleOf(test.title) || test.identifier, visible: 'true' },
            items.map((item) =>
              element('qti-assessment-item-ref', { identifier: item.identifier, href: `../${item.href}` }),
            ),
          ),
        ],
      ),
    ])
  );
}
