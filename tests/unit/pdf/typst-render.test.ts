import { describe, expect, it } from 'vitest';
import { createTypstRenderer, type ReportDocument } from '../../../src/server/pdf/index';
import { asReadBack, pdfPages, pdfText } from '../../helpers/pdf-reading';
import { sampleSchoolReport } from '../../helpers/sample-reports';
import { emptyClassReport, fullStudentReport, partlyGroupedReport } from './sample-documents';

/**
 * What tests/unit/reports/report-pdf.test.ts does not read back: the fullest student report in both
 * languages, every row of a school report, a class with no results and students without a class.
 */
const renderer = createTypstRenderer();
/**
 * Text to compare: without the bidirectional marks `Intl` puts in Arabic percents ("70\u200e%") and
 * pdftotext adds, and without Arabic vowel marks, which the PDF leaves out (`withoutDiacritics`:
 * with them, text extraction read "يسلّموا" as "يسّلموا", and "التغيّر" as "التغّيّير").
 */
const plain = (text: string) => text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').replace(/\p{Mn}/gu, '');
const read = (pdf: Uint8Array) => plain(pdfText(pdf));
/** The words of a text as pdftotext prints them, without the punctuation it sets apart from its word. */
const words = (text: string) =>
  plain(text)
    .replace(/[،:()]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map(asReadBack);
const squeeze = (text: string) => text.replace(/\s+/g, '');
const expectWords = (text: string, value: string) => {
  for (const word of words(value)) expect(text).toContain(word);
};

describe('the report template, read back', () => {
  for (const lang of ['en', 'ar'] as const)
    it(`fits a passed student report with six outcomes on one page (${lang})`, () => {
      const doc = fullStudentReport(lang);
      const pdf = renderer.render(doc);
      expect(pdfPages(pdf)).toBe(1);
      const text = read(pdf);
      for (const value of [doc.title, doc.header.school, doc.header.platform, doc.total!.result!])
        expectWords(text, value);
      expect(text).toContain(doc.total!.value);
      for (const fact of doc.facts) expectWords(text, fact.value);
      for (const row of [...doc.skills, ...doc.outcomes!]) {
        expectWords(text, row.name);
        // pdftotext closes up a short fraction ("4 / 5" comes out "4/5").
        expect(squeeze(text)).toContain(squeeze(row.score));
        expect(text).toContain(plain(row.percent_text));
        expectWords(text, row.tier_name);
      }
      for (const name of Object.values(doc.tier_names)) expectWords(text, name);
      expect(text).toMatch(lang === 'ar' ? /صفحة\s*1\s*من\s*1/ : /Page 1 of 1/);
    });

  for (const lang of ['en', 'ar'] as const)
    it(`prints every row of a school report (${lang})`, () => {
      const doc = sampleSchoolReport(lang);
      const text = read(renderer.render(doc));
      // (The name written with markup characters is read back by tests/unit/reports/report-pdf.test.ts.)
      for (const student of doc.students!.filter((s) => !s.name.includes('<b>'))) {
        expectWords(text, student.name);
        expectWords(text, student.group!);
        expect(text).toContain(student.mark);
        expectWords(text, student.result!);
      }
      for (const tier of doc.tiers!) expect(text).toContain(plain(tier.percent_text));
      for (const row of doc.growth!.scales[0].rows) {
        expectWords(text, row.name);
        expect(text).toContain(plain(row.current));
      }
      expectWords(text, doc.growth!.previous_round!);
      for (const figure of doc.participation!) expectWords(text, figure.label);
    });

  it('shows the message instead of empty sections when a class has no results', () => {
    for (const lang of ['en', 'ar'] as const) {
      const doc: ReportDocument = emptyClassReport(lang);
      const text = read(renderer.render(doc));
      expectWords(text, doc.empty_message!);
      for (const figure of doc.participation!) expect(text).toContain(figure.value);
      for (const heading of [doc.labels.average_per_skill, doc.labels.chart, doc.labels.distribution])
        expect(text).not.toContain(words(heading).join(' '));
    }
  });

  it('keeps the class column when only some students have a class', () => {
    const doc = partlyGroupedReport('en');
    const text = read(renderer.render(doc));
    expect(text).toMatch(/Student\s+Class\s+Mark/);
    for (const student of doc.students!.slice(2)) expect(text).toContain(student.group);
  });
});
