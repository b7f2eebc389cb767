import type { ReportDocument } from '../../../src/server/pdf/index';
import {
  SAMPLE,
  sampleContext,
  sampleGroupData,
  sampleReport,
  sampleRow,
  sampleSchoolReport,
  sampleStudentData,
} from '../../helpers/sample-reports';

/**
 * Report documents for the cases the shared samples (tests/helpers/sample-reports.ts) leave out,
 * made by the same builders from rows: the fullest typical student report (six outcomes, long
 * names, a pass), a class with no results yet, and students of which only some have a class.
 */
const OUTCOMES = [
  { id: 21, name_ar: 'يحدد الفكرة الرئيسة في نص قصير', name_en: 'Identifies the main idea of a short text' },
  {
    id: 22,
    name_ar: 'يكتب جملة بسيطة تامة مع علامات الترقيم الصحيحة',
    name_en: 'Writes a complete simple sentence with correct punctuation',
  },
  {
    id: 23,
    name_ar: 'ينفذ تعليمات شفهية بسيطة متعددة الخطوات',
    name_en: 'Follows simple multi-step oral instructions',
  },
  { id: 24, name_ar: 'يصف صورة بجمل مترابطة', name_en: 'Describes a picture in connected sentences' },
  { id: 25, name_ar: 'يستنتج معنى كلمة من السياق', name_en: 'Infers the meaning of a word from its context' },
  { id: 26, name_ar: 'يقرأ نصًا بصوت مسموع بطلاقة', name_en: 'Reads a text aloud fluently' },
];

/** A student who passed, with six learning outcomes: it must still fit on one page. */
export function fullStudentReport(lang: 'en' | 'ar'): ReportDocument {
  // Skills 8 + 10 + 6.5 + 7 = 31.5 of 40; the outcomes split the same 31.5 points of 40.
  const outcomeScores = [
    [4, 5],
    [5, 5],
    [6.5, 10],
    [7, 10],
    [4.5, 5],
    [4.5, 5],
  ];
  const result = sampleRow(5, [8, 10, 6.5, 7], {
    name: 'ليلى أحمد',
    classIndex: 0,
    outcomes: Object.fromEntries(
      OUTCOMES.map((o, k) => [String(o.id), { score: outcomeScores[k][0], max: outcomeScores[k][1] }]),
    ),
  });
  const data = sampleStudentData(5, result);
  if (data.kind !== 'student') throw new Error('unreachable');
  data.outcomeNames = new Map(OUTCOMES.map((o) => [o.id, o]));
  const context = sampleContext('student', { student: result });
  context.school = { ...context.school, name_en: 'Al Noor School', name_ar: 'مدرسة النور' };
  context.exam = {
    ...context.exam,
    name_en: 'Arabic Reading and Writing Benchmark, Grade 5 (Round 2)',
    name_ar: 'الاختبار المعياري للقراءة والكتابة باللغة العربية، الصف الخامس (الجولة الثانية)',
  };
  return sampleReport(context, data, lang);
}

/** A class whose exam nobody has handed in yet: the message instead of empty tables. */
export function emptyClassReport(lang: 'en' | 'ar'): ReportDocument {
  const schoolClass = SAMPLE.classes[0];
  const data = { ...sampleGroupData('class', schoolClass), results: [], participation: { assigned: 24, completed: 0 } };
  return sampleReport(sampleContext('class', { schoolClass }), data, lang);
}

/** A school report where the first students have no class: the class column is still there. */
export function partlyGroupedReport(lang: 'en' | 'ar'): ReportDocument {
  const school = sampleSchoolReport(lang);
  return {
    ...school,
    growth: undefined,
    students: school.students!.slice(0, 4).map((s, i) => (i < 2 ? { ...s, group: undefined } : s)),
  };
}
