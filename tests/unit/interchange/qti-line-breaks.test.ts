import { describe, expect, it } from 'vitest';
import { ENGLISH_QUESTIONS } from '../../../src/server/demo/demo-questions-en';
import { readQti } from '../../../src/server/interchange/qti/qti-package-reader';
import { qtiPackage } from '../../../src/server/interchange/qti/qti-package-writer';
import { sanitizeRichText } from '../../../src/server/questions/sanitize-rich-text';

/**
 * Issue 40: line breaks doubled on every pass through the QTI reader (one `<br>` became two, then
 * four after a round trip): the reader wrote `<br></br>`, which HTML reads as two breaks.
 */
const breaks = (html: string) => (html.match(/<br\b/g) ?? []).length;

const item = (body: string) =>
  new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="lines" title="Lines" adaptive="false" time-dependent="false">
  <qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier">
    <qti-correct-response><qti-value>A</qti-value></qti-correct-response>
  </qti-response-declaration>
  <qti-item-body>
    ${body}
    <qti-choice-interaction response-identifier="RESPONSE" max-choices="1">
      <qti-simple-choice identifier="A">First<br/>line</qti-simple-choice>
      <qti-simple-choice identifier="B">Second</qti-simple-choice>
      <qti-simple-choice identifier="C">Third</qti-simple-choice>
    </qti-choice-interaction>
  </qti-item-body>
</qti-assessment-item>`);

/** A stored question through a package and back: its text as the import keeps it. */
function roundTrip(text: string): string {
  const [demo] = ENGLISH_QUESTIONS.filter((q) => q.kind === 'single_choice');
  const zip = qtiPackage({
    identifier: 'bank',
    questions: [
      {
        question: {
          identifier: 'Q1',
          text,
          content_language: 'en',
          answer_type: demo.kind,
          answer_key: demo.answerKey,
          mark: demo.mark,
          mark_option: demo.markOption,
          media_type: 'none',
          media: null,
          media_replay_count: 0,
          instruction_audio: null,
        },
        metadata: {},
      },
    ],
    media: new Map(),
    test: { identifier: 'T1', title: 'Lines' },
  });
  return sanitizeRichText(readQti(zip).items[0].question!.text);
}

describe('line breaks through the QTI reader', () => {
  it('keeps one break as one, in the stem and in an option', () => {
    const [read] = readQti(item('<p>Read the lines:<br/>then choose.</p>')).items;
    const text = sanitizeRichText(read.question!.text);
    expect(breaks(text)).toBe(1);
    expect(text).not.toContain('</br>');
    const options = JSON.stringify(read.question!.answer_key);
    expect(breaks(options)).toBe(1);
    expect(options).not.toContain('</br>');
  });

  it('keeps them through an export and an import, twice', () => {
    const once = roundTrip('<p>One<br>two<br>three</p>');
    expect(breaks(once)).toBe(2);
    expect(breaks(roundTrip(once))).toBe(2);
  });
});
