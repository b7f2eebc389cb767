import { tierOf } from '../../src/common/reports/index';
import type { ReportDocument, ScoreRow } from '../../src/server/pdf/index';

/** A one-page student report as the server makes it (four skills, four outcomes), in Arabic or English. */
const FIRST = ['ليلى', 'عمر', 'سارة', 'يوسف', 'مريم', 'خالد', 'نورة', 'أحمد', 'ريم', 'طارق'];
const LAST = ['المنصوري', 'الحسن', 'الشامي', 'العلي', 'حداد', 'ناصر'];
const SKILLS = {
  ar: ['القراءة', 'الكتابة', 'الاستماع', 'التحدث'],
  en: ['Reading', 'Writing', 'Listening', 'Speaking'],
};
const TIERS = {
  ar: { below: 'دون المتوسط', within: 'ضمن المتوسط', above: 'فوق المتوسط' },
  en: { below: 'Below Average', within: 'Within Average', above: 'Above Average' },
};

function row(lang: 'en' | 'ar', name: string, score: number, max: number): ScoreRow {
  const percent = Math.round((score / max) * 1000) / 10;
  const tier = tierOf(percent);
  const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
  return {
    name,
    score: `${number.format(score)} / ${number.format(max)}`,
    percent,
    percent_text: new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(percent / 100),
    tier,
    tier_name: TIERS[lang][tier],
  };
}

export function sampleStudentReport(index: number, lang: 'en' | 'ar'): ReportDocument {
  const ar = lang === 'ar';
  const scores = SKILLS[lang].map((_, k) => ((index * 7 + k * 13) % 21) / 2);
  const total = scores.reduce((a, b) => a + b, 0);
  const name = `${FIRST[index % FIRST.length]} ${LAST[index % LAST.length]} ${index + 1}`;
  return {
    kind: 'student',
    lang,
    title: ar ? 'تقرير الطالب' : 'Student Report',
    header: {
      school: ar ? 'مدرسة الأمل النموذجية' : 'Al Amal Model School',
      platform: ar ? 'التقييم الدولي للقراءة' : 'International Reading Assessment',
    },
    page_label: ar ? { page: 'صفحة', of: 'من' } : { page: 'Page', of: 'of' },
    facts: [
      { label: ar ? 'الطالب' : 'Student', value: name },
      { label: ar ? 'المدرسة' : 'School', value: ar ? 'مدرسة الأمل النموذجية' : 'Al Amal Model School' },
      { label: ar ? 'الصف' : 'Class', value: ar ? 'الشعبة أ' : 'Class A' },
      {
        label: ar ? 'الاختبار' : 'Exam',
        value: ar ? 'الاختبار المعياري للقراءة، الصف الخامس' : 'Arabic Reading Benchmark, Grade 5',
      },
      { label: ar ? 'الجولة' : 'Round', value: ar ? 'الجولة الثانية' : 'Round 2' },
      { label: ar ? 'العام الدراسي' : 'Academic year', value: '2026-2027', ltr: true },
      { label: ar ? 'تاريخ الإصدار' : 'Issued on', value: ar ? '24 نوفمبر 2026' : '24 November 2026' },
    ],
    labels: {
      total: ar ? 'المجموع' : 'Total',
      result: ar ? 'النتيجة' : 'Result',
      skills: ar ? 'الدرجة في كل مهارة' : 'Score per skill',
      skill: ar ? 'المهارة' : 'Skill',
      score: ar ? 'الدرجة' : 'Score',
      percent: ar ? 'النسبة' : 'Percent',
      tier: ar ? 'مستوى التحصيل' : 'Attainment',
      outcomes: ar ? 'الدرجة في كل ناتج تعلم' : 'Score per learning outcome',
      outcome: ar ? 'ناتج التعلم' : 'Learning outcome',
      chart: ar ? 'النسبة في كل مهارة' : 'Percent per skill',
      participation: '',
      average_per_skill: '',
      distribution: '',
      students: '',
      student: '',
      group: '',
      comparison: '',
      current_round: '',
      previous_round: '',
      change: '',
      count: '',
      tier_legend: ar ? 'مستوى التحصيل' : 'Attainment',
    },
    tier_names: TIERS[lang],
    total: {
      value: `${Math.round((total / 40) * 100)} / 100`,
      result: total >= 20 ? (ar ? 'ناجح' : 'Passed') : ar ? 'راسب' : 'Failed',
      passed: total >= 20,
    },
    skills: SKILLS[lang].map((skill, k) => row(lang, skill, scores[k], 10)),
    outcomes: SKILLS[lang].map((skill, k) =>
      row(lang, ar ? `يفهم النصوص: ${skill}` : `Understands texts: ${skill}`, scores[(k + 1) % 4], 10),
    ),
  };
}

/** A school report with participation, averages, tiers, the comparison and 26 students (two pages). */
export function sampleSchoolReport(lang: 'en' | 'ar'): ReportDocument {
  const ar = lang === 'ar';
  const student = sampleStudentReport(0, lang);
  const names = [`Omar "O'Neil" #1 $x <b> *bold* _under_ \\ back`, 'ليلى أحمد'];
  for (let i = 2; i < 26; i++) names.push(`${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]} ${i}`);
  const tiers = (['below', 'within', 'above'] as const).map((tier, k) => ({
    tier,
    name: TIERS[lang][tier],
    count: String([6, 12, 8][k]),
    percent: [23.1, 46.2, 30.8][k],
    percent_text: `${[23.1, 46.2, 30.8][k]}%`,
  }));
  return {
    ...student,
    kind: 'school',
    title: ar ? 'تقرير المدرسة' : 'School Report',
    facts: student.facts.filter((f) => ![ar ? 'الطالب' : 'Student', ar ? 'الصف' : 'Class'].includes(f.label)),
    labels: {
      ...student.labels,
      participation: ar ? 'المشاركة' : 'Participation',
      average_per_skill: ar ? 'المتوسط في كل مهارة' : 'Average per skill',
      distribution: ar ? 'الطلاب حسب مستوى التحصيل' : 'Students by attainment',
      students: ar ? 'الطلاب' : 'Students',
      student: ar ? 'الطالب' : 'Student',
      group: ar ? 'الصف' : 'Class',
      comparison: ar ? 'المقارنة بالجولة السابقة' : 'Comparison with the previous round',
      current_round: ar ? 'هذه الجولة' : 'This round',
      previous_round: ar ? 'الجولة السابقة' : 'Previous round',
      change: ar ? 'التغيّر' : 'Change',
      count: ar ? 'عدد الطلاب' : 'Students',
    },
    total: undefined,
    outcomes: undefined,
    participation: [
      { label: ar ? 'الطلاب المسند إليهم الاختبار' : 'Students assigned', value: '28' },
      { label: ar ? 'أكملوا الاختبار' : 'Completed', value: '26' },
      { label: ar ? 'لم يسلّموا' : 'Did not submit', value: '2' },
      { label: ar ? 'متوسط العلامة' : 'Average mark', value: '68.4 / 100' },
      { label: ar ? 'الناجحون' : 'Passed', value: '76.9%' },
    ],
    tiers,
    comparison: {
      previous_round: ar ? 'الجولة الأولى' : 'Round 1',
      rows: SKILLS[lang].map((name, k) => ({
        name,
        current: `${70 + k}%`,
        previous: `${64 + k}%`,
        change: `+${6 - k}`,
      })),
    },
    students: names.map((name, i) => {
      const percent = (i * 37) % 100;
      const tier = tierOf(percent);
      return {
        name,
        group: ar ? (i % 2 ? 'الشعبة أ' : 'الشعبة ج') : i % 2 ? 'Class A' : 'Class C',
        score: `${percent} / 100`,
        percent_text: `${percent}%`,
        tier,
        tier_name: TIERS[lang][tier],
        result: percent >= 50 ? (ar ? 'ناجح' : 'Passed') : ar ? 'راسب' : 'Failed',
      };
    }),
  };
}
