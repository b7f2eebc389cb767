import { describe, expect, it } from 'vitest';
import { createTypstRenderer, type ReportDocument } from '../../../src/server/pdf/index';
import { invalid } from '../../helpers/invalid';
import { asReadBack, pdfPages, pdfText, toUnicodeMappings } from '../../helpers/pdf-reading';
import {
  sampleClassReport,
  sampleGradeReport,
  sampleSchoolReport,
  sampleStudentReport,
} from '../../helpers/sample-reports';

/**
 * The report PDFs, read back with poppler's pdftotext: every figure is there, Arabic words come out
 * in logical order, the metadata carries the title and language, and the pages are numbered.
 */
const renderer = createTypstRenderer();
/** The words of a text, without the punctuation (comma, colon) that pdftotext sets apart from its word. */
const words = (text: string) => text.replace(/[،:]/g, ' ').split(/\s+/).filter(Boolean);

describe('the report template', () => {
  it('makes a one-page Arabic student report with every figure and the words in logical order', () => {
    const doc = sampleStudentReport(4, 'ar');
    const pdf = renderer.render(doc);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(pdfPages(pdf)).toBe(1);
    const text = pdfText(pdf);
    for (const value of [doc.title, doc.header.school, doc.header.platform, doc.total!.value, doc.total!.result!])
      for (const word of words(value)) expect(text).toContain(asReadBack(word));
    for (const fact of doc.facts) for (const word of words(fact.value)) expect(text).toContain(asReadBack(word));
    for (const row of [...doc.skills, ...doc.outcomes!]) {
      for (const word of words(row.name)) expect(text).toContain(asReadBack(word));
      expect(text).toContain(row.score);
      expect(text).toContain(row.percent_text.replace(/[\u200e\u200f]/g, ''));
      expect(text).toContain(asReadBack(row.tier_name.split(' ')[0]));
    }
    expect(text).toMatch(/صفحة\s*1\s*من\s*1/);
    // A whole Arabic word without a ligature reads in order, the tier names too.
    expect(text).toContain('المهارة');
    expect(text).toContain('مستوى التحصيل');
  });

  it('keeps Latin names, dates and figures in order inside Arabic lines', () => {
    const doc = sampleStudentReport(2, 'ar');
    doc.facts[0] = { label: 'الطالب', value: 'Adam Younis', ltr: true };
    const text = pdfText(renderer.render(doc));
    expect(text).toContain('Adam Younis');
    expect(text).toContain('2026-2027');
    expect(text).toContain(doc.total!.value);
  });

  it('carries the title and the language in the metadata, in both languages', () => {
    for (const lang of ['en', 'ar'] as const) {
      const doc = sampleStudentReport(0, lang);
      const raw = Buffer.from(renderer.render(doc)).toString('latin1');
      expect(raw).toContain(`/Lang (${lang})`);
      const title = /\/Title <FEFF([0-9A-F]+)>/.exec(raw)?.[1] ?? /\/Title \(([^)]*)\)/.exec(raw)?.[1];
      const decoded = /^[0-9A-F]+$/.test(title ?? '')
        ? Buffer.from(title!, 'hex').swap16().toString('utf16le')
        : (title ?? '');
      expect(decoded).toContain(doc.title);
    }
  });

  it('spreads a long school report over numbered pages, with names printed as they are', () => {
    for (const lang of ['en', 'ar'] as const) {
      const doc = sampleSchoolReport(lang);
      const pdf = renderer.render(doc);
      // Its students twice: by mark and tier, then by scaled score and growth.
      expect(pdfPages(pdf)).toBe(3);
      const text = pdfText(pdf);
      expect(text).toMatch(lang === 'ar' ? /صفحة\s*3\s*من\s*3/ : /Page 3 of 3/);
      // The cell wraps the long name over two lines: every piece is there, as it was written. (In an
      // Arabic table pdftotext moves a Latin line's edge punctuation to the other end, though the
      // page shows it in place: there the letters are checked.)
      const name = `Omar "O'Neil" #1 $x <b> *bold* _under_ \\ back`;
      for (const word of lang === 'en' ? words(name) : ['Omar', `"O'Neil"`, '#1', '$x', '<b>', 'back'])
        expect(text).toContain(word);
      for (const student of doc.students!) expect(text).toContain(student.mark);
      for (const figure of doc.participation!) expect(text).toContain(figure.value.replace(/[\u200e\u200f]/g, ''));
      for (const tier of doc.tiers!) expect(text).toContain(tier.count);
      for (const row of doc.growth!.scales[0].rows) {
        expect(text).toContain(row.previous.replace(/[\u200e\u200f]/g, ''));
        expect(text).toContain(row.current.replace(/[\u200e\u200f]/g, ''));
      }
    }
  });

  it("prints a student's tier, the class and school averages and the growth since the last round, in both languages", () => {
    for (const lang of ['en', 'ar'] as const) {
      const doc = sampleStudentReport(3, lang);
      const text = pdfText(renderer.render(doc));
      const plain = (value: string) => value.replace(/[\u200e\u200f]/g, '');
      expect(doc.total!.averages).toHaveLength(2);
      for (const average of doc.total!.averages) {
        for (const word of words(average.label)) expect(text).toContain(asReadBack(word));
        expect(text).toContain(plain(average.value));
      }
      for (const word of words(doc.total!.tier_name!)) expect(text).toContain(asReadBack(word));
      // Growth on the reading scale: the scaled scores with their errors, the change and how to read it.
      const rows = doc.growth!.scales[0].rows;
      expect(rows).toHaveLength(1);
      for (const row of rows) {
        for (const word of words(row.name)) expect(text).toContain(asReadBack(word));
        for (const figure of [row.previous, row.current, row.change]) expect(text).toContain(plain(figure));
        for (const word of words(row.reading)) expect(text).toContain(asReadBack(word));
      }
      for (const word of words(doc.labels.change)) expect(text).toContain(asReadBack(word));
    }
  });

  it("compares the grade's classes, overall and by skill, in both languages", () => {
    for (const lang of ['en', 'ar'] as const) {
      const doc = sampleGradeReport(lang);
      const text = pdfText(renderer.render(doc));
      const plain = (value: string) => value.replace(/[\u200e\u200f]/g, '');
      expect(doc.classes!.rows.length).toBeGreaterThanOrEqual(2);
      expect(doc.students ?? []).toHaveLength(0);
      for (const row of doc.classes!.rows) {
        // Each class's line: its students, average and tier counts, in that order.
        const line = text
          .split('\n')
          .find((l) => l.includes(asReadBack(row.name.split(' ').at(-1)!)) && l.includes(plain(row.average)));
        expect(line, `${lang} ${row.name}`).toBeDefined();
        for (const figure of [row.students, row.tiers!.below, row.tiers!.within, row.tiers!.above])
          expect(line).toContain(figure);
        for (const skill of row.skills) expect(text).toContain(plain(skill));
      }
    }
  });

  it('prints Arabic without diacritics, so that its text reads back, copies and speaks each letter once', () => {
    const doc = sampleClassReport('ar');
    // The catalog writes "التغيّر" and "قابلًا"; a name may carry harakat too.
    expect(doc.labels.change).toContain('\u0651');
    doc.students![0].name = 'مُحَمَّد';
    const pdf = renderer.render(doc);
    const text = pdfText(pdf);
    expect(text).toContain('التغير');
    expect(text).toContain('قابلا');
    expect(text).toContain('محمد');
    expect(text).not.toMatch(/[\u064B-\u0652]/);
    // Typst maps a glyph to its whole cluster: with marks, a letter's glyph would read as letter and mark.
    expect(toUnicodeMappings(pdf).filter((mapping) => /06(4B|4C|4D|4E|4F|50|51|52)/i.test(mapping))).toEqual([]);
  });

  it('keeps the comparison with the previous round on one page with its note, wherever the page ends', () => {
    // Without its classes the grade report's growth starts on page 1; more skills push it down,
    // line by line, over the page's end.
    const pagesSeen = new Set<number>();
    for (let extra = 0; extra <= 14; extra++) {
      const doc = { ...sampleGradeReport('en'), classes: undefined };
      doc.skills = [
        ...doc.skills,
        ...Array.from({ length: extra }, (_, n) => ({ ...doc.skills[0], name: `Skill ${n}` })),
      ];
      const pages = pdfText(renderer.render(doc)).split('\f');
      const at = (label: string) => pages.findIndex((page) => page.includes(label));
      const heading = at(doc.labels.growth);
      expect(heading, `${extra} more skills`).toBeGreaterThanOrEqual(0);
      // The scale's table and its note stay together, under the heading's page or the next.
      const note = at('Scaled score = 200');
      expect(note - heading, `${extra} more skills`).toBeGreaterThanOrEqual(0);
      expect(note - heading, `${extra} more skills`).toBeLessThanOrEqual(1);
      expect(pages[note]).toContain(doc.growth!.scales[0].rows.at(-1)!.current);
      pagesSeen.add(heading);
    }
    // The sweep did cross the page's end.
    expect([...pagesSeen].sort()).toEqual([0, 1]);
  }, 60_000); // a sweep of many documents: unit tests allow 5 s, a shared CI machine needs more

  it('refuses a document its template cannot lay out, with the reason', () => {
    const broken = { ...sampleStudentReport(0, 'en'), skills: invalid<ReportDocument['skills']>([{ name: 'x' }]) };
    expect(() => renderer.render(broken)).toThrow(/report template error/);
  });
});
