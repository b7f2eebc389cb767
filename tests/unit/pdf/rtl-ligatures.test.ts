import { describe, expect, it } from 'vitest';
import { createTypstRenderer, type LoginCardsDocument } from '../../../src/server/pdf/index';
import { rtlLigaturesInVisualOrder } from '../../../src/server/pdf/rtl-ligatures';
import { pdfJsText, pdfText } from '../../helpers/pdf-reading';
import { sampleClassReport, sampleStudentReport } from '../../helpers/sample-reports';

/**
 * Lam-alef in the text layer: the words of an Arabic report and of Arabic login cards are read back
 * whole by poppler's pdftotext and by pdf.js (Firefox, the console's viewer), for copying, search
 * and screen readers. Before, both read "الابتدائية" as "االبتدائية" and "بلال" as "بالل".
 */
const renderer = createTypstRenderer();
const SCHOOL = 'المدرسة الابتدائية الأولى';
const STUDENT = 'بلال سلام الإمام';
const WORDS = ['المدرسة', 'الابتدائية', 'الأولى', 'بلال', 'سلام', 'الإمام'];
const swapped = (word: string) => word.replace(/ل([اأإآ])/g, '$1ل');

async function expectWordsRead(pdf: Uint8Array) {
  for (const text of [pdfText(pdf), await pdfJsText(pdf)]) {
    for (const word of WORDS) expect(text).toContain(word);
    for (const word of WORDS.filter((w) => swapped(w) !== w)) expect(text).not.toContain(swapped(word));
  }
}

describe('right-to-left ligatures in the text layer', () => {
  it('reads lam-alef in order in an Arabic student report', async () => {
    const doc = sampleStudentReport(3, 'ar');
    doc.header.school = SCHOOL;
    doc.facts[0] = { ...doc.facts[0], value: STUDENT };
    await expectWordsRead(renderer.render(doc));
  });

  it('reads lam-alef in order in an Arabic class report (its students table)', async () => {
    const doc = sampleClassReport('ar');
    doc.header.school = SCHOOL;
    doc.students![0] = { ...doc.students![0], name: STUDENT };
    await expectWordsRead(renderer.render(doc));
  });

  it('reads lam-alef in order on Arabic login cards', async () => {
    const doc: LoginCardsDocument = {
      template: 'login-cards',
      lang: 'ar',
      title: 'بطاقات الدخول',
      school: SCHOOL,
      class: 'الصف الأول',
      site: 'منصة الاختبارات',
      address: 'https://example.test/login',
      labels: { username: 'اسم المستخدم', password: 'كلمة المرور', address: 'العنوان', empty: 'لا يوجد طلاب' },
      cards: [{ name_en: 'Bilal Salam', name_ar: STUDENT, username: 's1001', password: 'tiger-42', note: null }],
    };
    await expectWordsRead(renderer.render(doc));
  });

  it('reverses only mappings made of right-to-left letters, in place', () => {
    const cmap = [
      'begincmap',
      '4 beginbfchar',
      '<0001> <06440627>',
      '<0002> <06440623>',
      '<0003> <00660069>',
      '<0004> <0644>',
      'endbfchar',
      'endcmap',
    ].join('\n');
    const before = Buffer.from(`%PDF-1.7\n${cmap}\n%%EOF`, 'latin1');
    const after = rtlLigaturesInVisualOrder(before);
    expect(after.length).toBe(before.length);
    const text = after.toString('latin1');
    expect(text).toContain('<0001> <06270644>');
    expect(text).toContain('<0002> <06230644>');
    expect(text).toContain('<0003> <00660069>');
    expect(text).toContain('<0004> <0644>');
  });
});
