import { tierOf } from '../../../src/common/reports/index';
import type { ReportDocument } from '../../../src/server/pdf/index';
import { sampleSchoolReport, sampleStudentReport } from '../../helpers/sample-reports';

/**
 * Report documents for the cases the shared samples (tests/helpers/sample-reports.ts) leave out: the
 * fullest typical student report (six outcomes, long names, a pass), a class with no results yet,
 * and students of which only some have a class.
 */
const OUTCOMES = {
  ar: [
    'يحدد الفكرة الرئيسة في نص قصير',
    'يكتب جملة بسيطة تامة مع علامات الترقيم الصحيحة',
    'ينفذ تعليمات شفهية بسيطة متعددة الخطوات',
    'يصف صورة بجمل مترابطة',
    'يستنتج معنى كلمة من السياق',
    'يقرأ نصًا بصوت مسموع بطلاقة',
  ],
  en: [
    'Identifies the main idea of a short text',
    'Writes a complete simple sentence with correct punctuation',
    'Follows simple multi-step oral instructions',
    'Describes a picture in connected sentences',
    'Infers the meaning of a word from its context',
    'Reads a text aloud fluently',
  ],
};

/** A student who passed, with six learning outcomes: it must still fit on one page. */
export function fullStudentReport(lang: 'en' | 'ar'): ReportDocument {
  const ar = lang === 'ar';
  const base = sampleStudentReport(5, lang);
  const percents = [78.5, 100, 62.5, 45, 87.5, 70];
  return {
    ...base,
    header: { ...base.header, school: ar ? 'مدرسة النور' : 'Al Noor School' },
    facts: [
      { label: ar ? 'الطالب' : 'Student', value: ar ? 'ليلى أحمد' : 'Layla Ahmed' },
      { label: ar ? 'المدرسة' : 'School', value: ar ? 'مدرسة النور' : 'Al Noor School' },
      { label: ar ? 'الصف' : 'Class', value: ar ? 'الشعبة ب' : 'Class B' },
      {
        label: ar ? 'الاختبار' : 'Exam',
        value: ar
          ? 'الاختبار المعياري للقراءة والكتابة باللغة العربية، الصف الخامس (الجولة الثانية)'
          : 'Arabic Reading and Writing Benchmark, Grade 5 (Round 2)',
      },
      { label: ar ? 'العام الدراسي' : 'Academic year', value: '2026-2027', ltr: true },
      { label: ar ? 'تاريخ الإصدار' : 'Issued on', value: ar ? '24 نوفمبر 2026' : '24 November 2026' },
    ],
    total: { value: '78.5 / 100', result: ar ? 'ناجح' : 'Passed', passed: true },
    outcomes: OUTCOMES[lang].map((name, k) => ({
      name,
      score: `${percents[k] / 10} / 10`,
      percent: percents[k],
      percent_text: `${percents[k]}%`,
      tier: tierOf(percents[k]),
      tier_name: base.tier_names[tierOf(percents[k])],
    })),
  };
}

/** A class whose exam nobody has handed in yet: the message instead of empty tables. */
export function emptyClassReport(lang: 'en' | 'ar'): ReportDocument {
  const ar = lang === 'ar';
  const school = sampleSchoolReport(lang);
  return {
    ...school,
    kind: 'class',
    title: ar ? 'تقرير الشعبة' : 'Class Report',
    participation: [
      { label: ar ? 'الطلاب المسند إليهم الاختبار' : 'Students assigned', value: '24' },
      { label: ar ? 'أكملوا الاختبار' : 'Completed', value: '0' },
    ],
    skills: [],
    tiers: undefined,
    comparison: undefined,
    students: undefined,
    empty_message: ar ? 'لا توجد نتائج مصححة لهذا الصف بعد.' : 'This class has no corrected results yet.',
  };
}

/** A school report where the first students have no class: the class column is still there. */
export function partlyGroupedReport(lang: 'en' | 'ar'): ReportDocument {
  const school = sampleSchoolReport(lang);
  return {
    ...school,
    comparison: undefined,
    students: school.students!.slice(0, 4).map((s, i) => (i < 2 ? { ...s, group: undefined } : s)),
  };
}
