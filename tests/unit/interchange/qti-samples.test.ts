import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { ANSWER_TYPES } from '../../../src/common/questions/registry';
import { readQti } from '../../../src/server/interchange/qti/qti-package-reader';
import { qtiPackage } from '../../../src/server/interchange/qti/qti-package-writer';
import { ENGLISH_QUESTIONS } from '../../../src/server/demo/demo-questions-en';
import { unzipSync } from 'fflate';

const FIXTURES = path.resolve('tests/fixtures/qti');
const sample = (name: string) => readQti(fs.readFileSync(path.join(FIXTURES, 'samples', name))).items[0];

/** The public 1EdTech QTI 3.0 samples (tests/fixtures/qti/SOURCES.md) and what each becomes. */
const SUPPORTED: [string, string][] = [
  ['choice-single.xml', 'single_choice'],
  // Its two choices are True and False.
  ['choice-single-bpig.xml', 'true_false'],
  ['choice-multiple.xml', 'multiple_choice'],
  ['choice-multiple-bpig.xml', 'multiple_choice'],
  ['choice-multiple-rtl-hebrew.xml', 'multiple_choice'],
  ['order.xml', 'reordering'],
  ['order-bpig.xml', 'reordering'],
  ['order-rtl.xml', 'reordering'],
  ['order-rtl-hebrew.xml', 'reordering'],
  // Characters to their plays: a play takes several, so these are categorizing.
  ['match.xml', 'categorizing'],
  ['match-bpig.xml', 'categorizing'],
  ['associate.xml', 'matching'],
  ['associate-bpig.xml', 'matching'],
  ['gap-match.xml', 'fill_blanks'],
  ['gap-match-bpig.xml', 'fill_blanks'],
  ['text-entry.xml', 'fill_blanks'],
  ['text-entry-bpig.xml', 'fill_blanks'],
  ['inline-choice.xml', 'inline_choice'],
  ['inline-choice-bpig.xml', 'fill_blanks'],
  ['extended-text.xml', 'essay'],
  ['extended-text-bpig.xml', 'essay'],
  ['upload.xml', 'audio_response'],
  ['upload-bpig.xml', 'audio_response'],
];

describe("1EdTech's QTI 3.0 sample items", () => {
  it.each(SUPPORTED.map(([file, kind]) => [file, kind === 'inline_choice' ? 'fill_blanks' : kind]))(
    '%s becomes %s with a valid key',
    (file, kind) => {
      const item = sample(file);
      expect(item.unsupported).toBeUndefined();
      expect(item.problems).toEqual([]);
      expect(item.question?.answer_type).toBe(kind);
      const parsed = ANSWER_TYPES[item.question!.answer_type].definition.safeParse(item.question!.answer_key);
      expect(parsed.error?.issues ?? []).toEqual([]);
      expect(item.question!.text.replace(/<[^>]*>/g, '').trim()).not.toBe('');
    },
  );

  it('keeps the keys: the single choice, the order, the pairs and the gaps', () => {
    const order = sample('order.xml').question!.answer_key as { items: { text: string }[] };
    expect(order.items.map((i) => i.text.replace(/<[^>]*>/g, '').trim())).toEqual([
      'Michael Schumacher',
      'Rubens Barrichello',
      'Jenson Button',
    ]);
    const gaps = sample('gap-match.xml').question!.answer_key as { blanks: { answer: string; before: string }[] };
    expect(gaps.blanks.map((b) => b.answer)).toEqual(['winter', 'summer']);
    expect(gaps.blanks[0].before).toBe('Now is the');
    // Its prompt leads its text (issue 40: it was lost).
    expect(sample('gap-match.xml').question!.text).toBe(
      "<p>Identify the missing words in this famous quote from Shakespeare's Richard III.</p>",
    );
    const plays = sample('match.xml').question!.answer_key as { categories: { options: unknown[] }[] };
    expect(plays.categories.map((c) => c.options.length).sort()).toEqual([1, 1, 2]);
    const associate = sample('associate.xml').question!;
    expect(associate.mark_option).toBe('partial');
    expect((associate.answer_key as { pairs: unknown[] }).pairs).toHaveLength(3);
    // Its mapping gives one pair 2 points and the others 1: equal shares here, and it says so (issue 40).
    expect(sample('associate.xml').notes).toContainEqual({ key: 'interchange.problems.weights_equal' });
    expect(sample('order.xml').notes ?? []).not.toContainEqual({ key: 'interchange.problems.weights_equal' });
  });

  it.each(['gap-match.xml', 'text-entry.xml', 'text-entry-bpig.xml', 'inline-choice.xml', 'inline-choice-bpig.xml'])(
    '%s reads in the source order: the lines after a blank stay after it (issue 40)',
    (file) => {
      const question = sample(file).question!;
      const blanks = (question.answer_key as { blanks: { before: string; after: string }[] }).blanks;
      // As the student reads it: the text, then each blank's line.
      const read = [question.text.replace(/<[^>]*>/g, ' '), ...blanks.map((b) => `${b.before} ___ ${b.after}`)]
        .join(' ')
        .replace(/\s+/g, ' ');
      const lines = [
        'Now is the',
        'Made glorious',
        'by this sun of',
        "And all the clouds that lour'd upon our house",
        'In the deep bosom of the ocean buried.',
      ];
      const at = lines.map((line) => read.indexOf(line));
      expect(
        at.every((i) => i >= 0),
        read,
      ).toBe(true);
      expect(at).toEqual([...at].sort((a, b) => a - b));
      expect(blanks.at(-1)!.after).toMatch(/In the deep bosom of the ocean buried\.$/);
    },
  );

  it('reads the Hebrew order item right to left, with a note that Hebrew is read as such', () => {
    const item = sample('order-rtl-hebrew.xml');
    expect(item.question?.content_language).toBe('ar');
    expect(item.notes).toContainEqual({ key: 'interchange.problems.language_as_rtl', params: { lang: 'he' } });
    expect(item.question!.text).toMatch(/[\u0590-\u05FF]/);
    const items = (item.question!.answer_key as { items: { text: string }[] }).items;
    expect(items[0].text).toBe('<bdo dir="ltr">Michael Schumacher</bdo>');
  });

  it.each([
    ['hotspot.xml', 'hotspot-interaction'],
    ['graphic-order.xml', 'graphic-order-interaction'],
    ['slider.xml', 'slider-interaction'],
    ['hottext.xml', 'hottext-interaction'],
  ])('says %s is not supported (%s) rather than dropping it', (file, what) => {
    expect(sample(file).unsupported).toEqual({ key: 'interchange.problems.unsupported', params: { what } });
  });
});

describe('a package made here', () => {
  it("validates against 1EdTech's QTI 3.0 content-packaging schema", async () => {
    const q = ENGLISH_QUESTIONS[0];
    const zip = qtiPackage({
      identifier: 'bank',
      questions: ENGLISH_QUESTIONS.map((question, i) => ({
        question: {
          identifier: `Q${i + 1}`,
          text: question.text,
          content_language: 'en',
          answer_type: question.kind,
          answer_key: question.answerKey,
          mark: question.mark,
          mark_option: question.markOption,
          media_type: 'none',
          media: null,
          media_replay_count: 0,
          instruction_audio: null,
        },
        metadata: { skill: { en: 'Reading', ar: 'القراءة' }, difficulty_level: { en: 'Easy' } },
      })),
      media: new Map(),
      test: { identifier: 'T1', title: q.text },
    });
    const manifest = new TextDecoder().decode(unzipSync(zip)['imsmanifest.xml']);
    const dir = path.join(FIXTURES, 'schemas');
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.xsd'));
    const result = await validateXML({
      xml: { fileName: 'imsmanifest.xml', contents: manifest },
      schema: {
        fileName: 'imsqtiv3p0_imscpv1p2_v1p0.xsd',
        contents: fs.readFileSync(path.join(dir, 'imsqtiv3p0_imscpv1p2_v1p0.xsd'), 'utf8'),
      },
      preload: files
        .filter((f) => f !== 'imsqtiv3p0_imscpv1p2_v1p0.xsd')
        .map((f) => ({ fileName: f, contents: fs.readFileSync(path.join(dir, f), 'utf8') })),
    });
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    // And it refuses a manifest that breaks the profile.
    const broken = await validateXML({
      xml: { fileName: 'imsmanifest.xml', contents: manifest.replace('<schemaversion>3.0.0', '<schemaversion>9.9') },
      schema: {
        fileName: 'imsqtiv3p0_imscpv1p2_v1p0.xsd',
        contents: fs.readFileSync(path.join(dir, 'imsqtiv3p0_imscpv1p2_v1p0.xsd'), 'utf8'),
      },
      preload: files
        .filter((f) => f !== 'imsqtiv3p0_imscpv1p2_v1p0.xsd')
        .map((f) => ({ fileName: f, contents: fs.readFileSync(path.join(dir, f), 'utf8') })),
    });
    expect(broken.valid).toBe(false);
  });
});
