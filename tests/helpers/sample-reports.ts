import { DEFAULT_TIER_THRESHOLDS, percentOf, REPORT_TYPE, tierOf } from '../../src/common/reports/index';
import type { ReportDocument } from '../../src/server/pdf/index';
import type { Named, ReportContext, ResultRow, ScoreMap } from '../../src/server/reports/report-data';
import { composeReportDocument, type ReportData } from '../../src/server/reports/report-documents';
import type { GrowthData } from '../../src/server/reports/growth-document';
import type { ScaleReading } from '../../src/server/scales/index';

/**
 * Sample reports made the way the server makes them: one set of student rows (a school of 26
 * students in two classes, four skills of 10 points each, two rounds) goes through the real
 * document builders, so every figure of every sample (totals, averages, tiers, growth) comes from
 * the same rows and agrees with every other. Names are written with markup characters, and in both
 * scripts, as schools type them.
 */
const named = (id: number, name_en: string, name_ar: string): Named => ({ id, name_en, name_ar });

export const SAMPLE = {
  platform: named(1, 'International Reading Assessment', 'التقييم الدولي للقراءة'),
  school: named(1, 'Al Amal Model School', 'مدرسة الأمل النموذجية'),
  grade: named(5, 'Grade 5', 'الصف الخامس'),
  classes: [named(1, 'Class A', 'الشعبة أ'), named(3, 'Class C', 'الشعبة ج')],
  rounds: [named(1, 'Round 1', 'الجولة الأولى'), named(2, 'Round 2', 'الجولة الثانية')],
  year: named(1, '2026-2027', '2026-2027'),
  exam: named(1, 'Arabic Reading Benchmark, Grade 5', 'الاختبار المعياري للقراءة، الصف الخامس'),
  skills: [
    named(1, 'Reading', 'القراءة'),
    named(2, 'Writing', 'الكتابة'),
    named(3, 'Listening', 'الاستماع'),
    named(4, 'Speaking', 'التحدث'),
  ],
  /** One learning outcome per skill, scored on the same questions. */
  outcomes: [
    named(11, 'Identifies the main idea of a short text', 'يحدد الفكرة الرئيسة في نص قصير'),
    named(12, 'Writes a complete simple sentence', 'يكتب جملة بسيطة تامة'),
    named(13, 'Follows simple oral instructions', 'ينفذ تعليمات شفهية بسيطة'),
    named(14, 'Describes a picture in connected sentences', 'يصف صورة بجمل مترابطة'),
  ],
  /** Points of each skill. */
  skillMax: 10,
  /** Assigned the exam in round 2 (26 handed it in). */
  assigned: 28,
  issuedAt: new Date('2026-11-24T08:00:00Z'),
  timeZone: 'Asia/Dubai',
};

const FIRST = ['ليلى', 'عمر', 'سارة', 'يوسف', 'مريم', 'خالد', 'نورة', 'أحمد', 'ريم', 'طارق'];
const LAST = ['المنصوري', 'الحسن', 'الشامي', 'العلي', 'حداد', 'ناصر'];
const LATIN = ['Adam Younis', 'Huda Barakat', 'Zaid Karim', 'Bella Haddad', 'Carla Mansour'];
/**
 * The Arabic names of students whose school sent both (the others, known by one name so far, have
 * it in both languages: an Arabic report lists them after the Arabic names).
 */
const IN_ARABIC: Record<string, string> = { 'Adam Younis': 'آدم يونس', 'Huda Barakat': 'هدى بركات' };

/** The 26 students' names: markup characters first, Arabic names, and a few written in Latin letters. */
export const SAMPLE_NAMES: string[] = [`Omar "O'Neil" #1 $x <b> *bold* _under_ \\ back`, 'ليلى أحمد'];
for (let i = 2; i < 26; i++)
  SAMPLE_NAMES.push(i % 5 === 3 ? LATIN[(i / 5) | 0] : `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]} ${i}`);

/**
 * Points of student `i` on skill `k` in round `round` (0 to 10, in halves): each student has an
 * ability and each skill varies around it; most students did a little better in round 2.
 */
function points(i: number, k: number, round: 1 | 2): number {
  const ability = (i * 7) % 11;
  const growth = round === 1 ? (((i + 2 * k) % 6) - 1) * 0.5 : 0;
  const value = 1.5 + ability * 0.6 + ((i * 3 + k * 5) % 7) * 0.5 - growth;
  return Math.max(0, Math.min(10, Math.round(value * 2) / 2));
}

/** A result row as the reporting table holds it: the total is the sum of the skills, on a mark of 100. */
export function sampleRow(
  i: number,
  skills: number[],
  options: { outcomes?: ScoreMap; outcomeMax?: number[]; name?: string; classIndex?: number } = {},
): ResultRow {
  const max = skills.length * SAMPLE.skillMax;
  const score = skills.reduce((a, b) => a + b, 0);
  const percent = (score / max) * 100;
  const mark = percentOf(score, max); // the exam's maximum mark is 100
  const byId = (list: Named[], scores: number[]): ScoreMap =>
    Object.fromEntries(list.map((n, k) => [String(n.id), { score: scores[k], max: SAMPLE.skillMax }]));
  const name = options.name ?? SAMPLE_NAMES[i % SAMPLE_NAMES.length];
  return {
    student_id: 1000 + i,
    exam_id: 1,
    student_name: name,
    student_names: { name_en: name, name_ar: IN_ARABIC[name] ?? name },
    school_class: SAMPLE.classes[options.classIndex ?? (i % 2 ? 0 : 1)],
    grade: SAMPLE.grade,
    mark,
    score,
    max_score: max,
    percent,
    passed: mark >= 50,
    tier: tierOf(percentOf(score, max)),
    skills: byId(SAMPLE.skills, skills),
    outcomes: options.outcomes ?? byId(SAMPLE.outcomes, skills),
  };
}

/** Every student's result in a round: 26 in round 2; in round 1 all but the last two. */
export function sampleResults(round: 1 | 2): ResultRow[] {
  const count = round === 2 ? 26 : 24;
  return Array.from({ length: count }, (_, i) =>
    sampleRow(
      i,
      SAMPLE.skills.map((_, k) => points(i, k, round)),
    ),
  );
}

/** The record of a report of the sample school, in round 2. */
export function sampleContext(
  kind: 'student' | 'class' | 'grade' | 'school',
  at: { schoolClass?: Named; student?: ResultRow } = {},
): ReportContext {
  return {
    id: 1,
    type: REPORT_TYPE[kind],
    status: 3,
    language: 'both',
    file_name: 'sample',
    exam: {
      ...SAMPLE.exam,
      max_mark: 100,
      pass_mark: 50,
      adaptive: false,
      exam_type_id: 1,
      grade_id: null,
      level_id: null,
    },
    platform: SAMPLE.platform,
    school: SAMPLE.school,
    grade: kind === 'school' ? null : SAMPLE.grade,
    schoolClass: at.student?.school_class ?? at.schoolClass ?? null,
    student: at.student
      ? { id: at.student.student_id, name: at.student.student_name, ...at.student.student_names }
      : null,
    round: SAMPLE.rounds[1],
    academicYear: SAMPLE.year,
    thresholds: DEFAULT_TIER_THRESHOLDS,
  };
}

const names = (list: Named[]) => new Map(list.map((n) => [n.id, n]));
const compose = (context: ReportContext, data: ReportData, lang: 'en' | 'ar') =>
  composeReportDocument(context, data, lang, SAMPLE.issuedAt, SAMPLE.timeZone);

/** The sample's reading scale (200 + 10 × logit), on which both rounds' exams are calibrated. */
export const READING_SCALE = {
  id: 1,
  name_en: 'Reading scale',
  name_ar: 'مقياس القراءة',
  skill_id: 1,
  score_origin: 200,
  score_unit: 10,
};

/** The sample's cut scores for its grade on the reading scale. */
export const SAMPLE_CUTS = { approaching_from: 190, meeting_from: 200, exceeding_from: 212 };

/** Each student's ability on the reading scale in a round: from their reading skill's points, as a calibration would order them. */
function sampleReading(round: 1 | 2): ScaleReading {
  const skill = String(SAMPLE.skills[0].id);
  return {
    scale: READING_SCALE,
    cuts: SAMPLE_CUTS,
    abilities: new Map(
      sampleResults(round).map((r) => {
        const share = (r.skills[skill].score + 0.5) / (r.skills[skill].max + 1);
        return [r.student_id, { ability: Math.log(share / (1 - share)), se: 0.45 + Math.abs(share - 0.5) * 0.4 }];
      }),
    ),
    attempts: new Map(),
  };
}

/** The sample's growth on the reading scale since round 1. */
const sampleGrowth = (): GrowthData => ({
  previousRound: SAMPLE.rounds[0],
  current: [sampleReading(2)],
  previous: [sampleReading(1)],
});

/** The data of student `index`'s report (any index: the 26 students repeat). */
export function sampleStudentData(index: number, result = sampleResults(2)[index % 26]): ReportData {
  return {
    kind: 'student',
    result,
    skillNames: names(SAMPLE.skills),
    outcomeNames: names(SAMPLE.outcomes),
    schoolResults: sampleResults(2),
    growth: sampleGrowth(),
  };
}

/** A one-page student report (four skills, four outcomes, the growth since round 1), in Arabic or English. */
export function sampleStudentReport(index: number, lang: 'en' | 'ar'): ReportDocument {
  const data = sampleStudentData(index);
  if (data.kind !== 'student') throw new Error('unreachable');
  return compose(sampleContext('student', { student: data.result }), data, lang);
}

/** The data of a class, grade or school report of the sample school. */
export function sampleGroupData(
  kind: 'class' | 'grade' | 'school',
  schoolClass?: Named,
): Extract<ReportData, { kind: 'class' | 'grade' | 'school' }> {
  const inScope = (rows: ResultRow[]) => rows.filter((r) => !schoolClass || r.school_class.id === schoolClass.id);
  const results = inScope(sampleResults(2));
  // Two students of the school did not hand the exam in.
  const assigned = schoolClass ? results.length + 1 : SAMPLE.assigned;
  return {
    kind,
    results,
    participation: { assigned, completed: results.length },
    skillNames: names(SAMPLE.skills),
    growth: sampleGrowth(),
  };
}

/** A school report with participation, averages, tiers, scaled scores and growth, and 26 students. */
export function sampleSchoolReport(lang: 'en' | 'ar'): ReportDocument {
  return compose(sampleContext('school'), sampleGroupData('school'), lang);
}

/** The grade's report: its classes compared instead of its students listed. */
export function sampleGradeReport(lang: 'en' | 'ar'): ReportDocument {
  return compose(sampleContext('grade'), sampleGroupData('grade'), lang);
}

/** The report of one class of the sample school. */
export function sampleClassReport(lang: 'en' | 'ar', schoolClass = SAMPLE.classes[0]): ReportDocument {
  return compose(sampleContext('class', { schoolClass }), sampleGroupData('class', schoolClass), lang);
}

/** Any report of the sample school from data the caller shaped (a class with no results, say). */
export function sampleReport(context: ReportContext, data: ReportData, lang: 'en' | 'ar'): ReportDocument {
  return compose(context, data, lang);
}
