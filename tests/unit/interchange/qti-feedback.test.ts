import fs from 'node:fs';
import path from 'node:path';
import { DOMParser, type Element, type Node } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { readQti } from '../../../src/server/interchange/qti/qti-package-reader';

/**
 * Issue 40: an imported item must not teach the answer. Every public 1EdTech QTI 3.0 item with
 * feedback (tests/fixtures/qti/FEEDBACK-SOURCES.md: 82 distinct files, modal, inline and block
 * feedback, adaptive and templated items among them) is read, and no text that lives only under a
 * feedback element (or a rubric block for scorers or tutors) reaches the question: its stem, its
 * options, its key, anything the student's view is made from.
 */
const FOLDER = path.resolve('tests/fixtures/qti/feedback');
const FILES = fs.readdirSync(FOLDER).filter((file) => file.endsWith('.xml'));
const HIDDEN = /^(qti-)?(modal-?feedback|feedback-?inline|feedback-?block)$/i;
const RUBRIC = /^(qti-)?rubric-?block$/i;

const words = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

function elements(node: Node): Element[] {
  const out: Element[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling)
    if (child.nodeType === 1) out.push(child as Element, ...elements(child));
  return out;
}

const hidden = (el: Element) =>
  HIDDEN.test(el.localName ?? '') ||
  (RUBRIC.test(el.localName ?? '') && !(el.getAttribute('view') || 'candidate').split(/\s+/).includes('candidate'));

/** The texts an item shows only after an answer (or to others than the student), and nowhere else in it. */
function feedbackOnly(xml: string): string[] {
  const document = new DOMParser().parseFromString(xml, 'text/xml');
  const found = elements(document).filter(hidden);
  const texts = found.map((el) => words(el.textContent));
  for (const el of found) el.parentNode?.removeChild(el);
  const rest = words(document.documentElement?.textContent);
  return [...new Set(texts)].filter((text) => text.length >= 6 && !rest.includes(text));
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decoded = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) =>
    name.startsWith('#')
      ? String.fromCodePoint(
          Number(name.startsWith('#x') || name.startsWith('#X') ? `0${name.slice(1)}` : name.slice(1)),
        )
      : (NAMED[name] ?? whole),
  );

/** Every string of a question as a student could be shown it: its markup's text, entities decoded. */
function shownText(value: unknown): string {
  // Tags read as spaces and as nothing: a word split by inline markup is found either way.
  if (typeof value === 'string')
    return ['', ' '].map((gap) => words(decoded(value.replace(/<[^>]*>/g, gap)))).join(' || ');
  if (Array.isArray(value)) return value.map(shownText).join(' | ');
  if (value && typeof value === 'object') return Object.values(value).map(shownText).join(' | ');
  return '';
}

describe("1EdTech's QTI items with feedback", () => {
  const read = FILES.map((file) => {
    const xml = fs.readFileSync(path.join(FOLDER, file), 'utf8');
    return { file, feedback: feedbackOnly(xml), items: readQti(Buffer.from(xml)).items };
  });

  it('are many, and many of them import as questions (the rest say why: a computed key, MathML, an interaction)', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(80);
    const imported = read.filter(({ items }) => items.some((item) => item.question));
    expect(imported.length).toBeGreaterThanOrEqual(30);
    expect(read.filter(({ feedback }) => feedback.length > 0).length).toBeGreaterThanOrEqual(60);
  });

  it.each(read.map((entry) => [entry.file, entry] as const))(
    '%s: no feedback text reaches the question, and a note says it was not imported',
    (_file, { feedback, items }) => {
      for (const item of items) {
        if (!item.question) continue;
        const shown = shownText(item.question);
        for (const text of feedback) expect(shown, `feedback "${text}" in ${item.identifier}`).not.toContain(text);
        if (feedback.length > 0)
          expect(
            item.notes?.map((note) => note.key),
            item.identifier,
          ).toEqual(
            expect.arrayContaining([expect.stringMatching(/^interchange\.problems\.(feedback|rubric)_dropped$/)]),
          );
      }
    },
  );
});
