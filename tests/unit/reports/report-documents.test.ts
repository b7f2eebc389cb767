import { describe, expect, it } from 'vitest';
import { nameComparator, percentOf, performanceLevel, scriptOf, tierOf } from '../../../src/common/reports/index';
import type { ResultRow } from '../../../src/server/reports/report-data';
import { composeReportDocument, type ReportData } from '../../../src/server/reports/report-documents';
import { ReportWords } from '../../../src/server/reports/report-format';
import { READING_SCALE, SAMPLE, SAMPLE_CUTS, sampleContext, sampleGroupData } from '../../helpers/sample-reports';

/** The document builders from hand-made rows: what each kind of report shows, and how. */
const row = (name: string, score: number, max: number, classIndex = 0): ResultRow => ({
  student_id: name.length * 1000 + score * 10 + classIndex,
  exam_id: 1,
  student_name: name,
  student_names: { name_en: name, name_ar: name },
  school_class: SAMPLE.classes[classIndex],
  grade: SAMPLE.grade,
  mark: percentOf(score, max),
  score,
  max_score: max,
  percent: (score / max) * 100,
  passed: score / max >= 0.5,
  tier: tierOf(percentOf(score, max)),
  skills: { '1': { score: score - 3, max: max - 3 }, '2': { score: 3, max: 3 } },
  outcomes: {},
});
const skillNames = new Map(SAMPLE.skills.slice(0, 2).map((s) => [s.id, s]));
const compose = (data: ReportData, lang: 'en' | 'ar', student?: ResultRow) => {
  const kind = data.kind;
  const context = sampleContext(
    kind,
    student ? { student } : kind === 'class' ? { schoolClass: SAMPLE.classes[0] } : {},
  );
  return composeReportDocument(context, data, lang, SAMPLE.issuedAt, SAMPLE.timeZone);
};

describe('the student report', () => {
  // Issue 30's student: 95.65 in round 1, 86.96 in round 2.
  const now = row('Huda Barakat', 20, 23);
  const classmates = [now, row('Adam Younis', 10, 23), row('Zaid Karim', 16, 23, 1)];
  const data: ReportData = {
    kind: 'student',
    result: now,
    skillNames,
    outcomeNames: new Map(),
    schoolResults: classmates,
    growth: {
      previousRound: SAMPLE.rounds[0],
      current: [
        {
          scale: READING_SCALE,
          cuts: null,
          abilities: new Map([[now.student_id, { ability: 1.3, se: 0.42 }]]),
          attempts: new Map(),
        },
      ],
      previous: [
        {
          scale: READING_SCALE,
          cuts: null,
          abilities: new Map([[now.student_id, { ability: 0.1, se: 0.4 }]]),
          attempts: new Map(),
        },
      ],
    },
  };

  it('shows the overall tier, and the class and school averages beside the total and each skill', () => {
    const doc = compose(data, 'en', now);
    expect(doc.total).toEqual({
      value: '86.96 / 100',
      result: 'Passed',
      passed: true,
      tier: 'above',
      tier_name: 'Above Average',
      averages: [
        { label: 'Class average', value: '65.22 / 100' }, // (20 + 10) / 2 of 23
        { label: 'School average', value: '66.67 / 100' }, // (20 + 10 + 16) / 3 of 23
      ],
    });
    expect(doc.skill_averages).toEqual(['Class average', 'School average']);
    expect(doc.skills.map((s) => [s.name, s.percent_text, s.averages])).toEqual([
      ['Reading', '85%', ['60%', '61.67%']], // 17, 7 and 13 of 20
      ['Writing', '100%', ['100%', '100%']],
    ]);
  });

  it('shows the scaled score on the scale with its error, and growth only where it is measurable', () => {
    const doc = compose(data, 'en', now);
    // 200 + 10 × 1.3 = 213 ± 4.2; 200 + 10 × 0.1 = 201 ± 4; change +12 ± √(4.2² + 4²) = 5.8: 12 > 1.96 × 5.8.
    expect(doc.growth).toEqual({
      previous_round: 'Round 1',
      scales: [
        {
          name: 'Reading scale',
          note: expect.stringContaining('Scaled score = 200 + 10 × ability in logits'),
          rows: [
            {
              name: 'Reading scale',
              current: '213 ± 4.2',
              previous: '201 ± 4',
              change: '+12 ± 5.8',
              reading: 'Measurable rise',
            },
          ],
        },
      ],
    });
    const smaller = {
      ...data,
      growth: {
        ...data.growth,
        previous: [
          {
            scale: READING_SCALE,
            cuts: null,
            abilities: new Map([[now.student_id, { ability: 0.9, se: 0.4 }]]),
            attempts: new Map(),
          },
        ],
      },
    };
    expect(compose(smaller, 'en', now).growth!.scales[0].rows[0]).toMatchObject({
      change: '+4 ± 5.8',
      reading: 'No measurable change',
    });
    expect(compose(smaller, 'ar', now).growth!.scales[0].rows[0].reading).toBe('لا تغيّر قابلًا للقياس');
    // The previous round's exam not calibrated on the scale: the score, no growth, and why.
    const unlinked = compose({ ...data, growth: { ...data.growth, previous: [] } }, 'en', now).growth!.scales[0];
    expect(unlinked.rows[0]).toMatchObject({ current: '213 ± 4.2', previous: '—', change: '—' });
    expect(unlinked.note).toMatch(/not calibrated on this scale/);
    // No scale at all: no comparison of two exams' percentages, and the report says so.
    const none = compose({ ...data, growth: { ...data.growth, current: [], previous: [] } }, 'en', now).growth!;
    expect(none.scales).toEqual([]);
    expect(none.unavailable).toMatch(/percentages of two different exams are not comparable/);
    // Neither a scale nor an earlier round: no section.
    const first = { previousRound: null, current: [], previous: [] };
    expect(compose({ ...data, growth: first }, 'en', now).growth).toBeUndefined();
  });

  it("names the student's performance level from the scale's cut scores for their grade", () => {
    const withCuts = {
      ...data,
      growth: {
        ...data.growth,
        current: data.growth.current.map((reading) => ({ ...reading, cuts: SAMPLE_CUTS })),
      },
    };
    // 213 on cuts 190 / 200 / 212: Exceeding; exactly on a cut belongs to the level it starts.
    expect(compose(withCuts, 'en', now).growth!.scales[0].rows[0].level).toBe('Exceeding');
    expect(compose(withCuts, 'ar', now).growth!.scales[0].rows[0].level).toBe('يتجاوز التوقع');
    expect([189, 190, 199, 200, 211, 212].map((score) => performanceLevel(score, SAMPLE_CUTS))).toEqual([
      'below',
      'approaching',
      'approaching',
      'meeting',
      'meeting',
      'exceeding',
    ]);
    // No cuts for the scale: no level column.
    expect(compose(data, 'en', now).growth!.scales[0].rows[0].level).toBeUndefined();
  });

  it('labels a skill by its performance level instead of its tier once its scale has cut scores', () => {
    const withCuts = {
      ...data,
      growth: {
        ...data.growth,
        current: data.growth.current.map((reading) => ({ ...reading, cuts: SAMPLE_CUTS })),
      },
    };
    const doc = compose(withCuts, 'en', now);
    // Reading (skill 1) is on the scale: 213 is Exceeding, where its 85% alone would read Above Average.
    expect(doc.skills.map((s) => [s.name, s.tier, s.tier_name])).toEqual([
      ['Reading', 'exceeding', 'Exceeding'],
      ['Writing', 'above', 'Above Average'],
    ]);
    // Two skills: the total keeps its tier from the percentage; the legend names the levels too.
    expect(doc.total!.tier).toBe('above');
    expect(doc.level_names).toEqual({
      below: 'Below',
      approaching: 'Approaching',
      meeting: 'Meeting',
      exceeding: 'Exceeding',
    });
    expect(compose(withCuts, 'ar', now).skills[0].tier_name).toBe('يتجاوز التوقع');
    // An exam of reading alone: its total is the reading level.
    const readingOnly = { ...now, skills: { '1': now.skills['1'] } };
    const single = compose({ ...withCuts, result: readingOnly, schoolResults: [readingOnly] }, 'en', readingOnly);
    expect([single.total!.tier, single.total!.tier_name]).toEqual(['exceeding', 'Exceeding']);
    // Without cuts, tiers as before, and no level legend.
    expect(compose(data, 'en', now).skills[0].tier).toBe('above');
    expect(compose(data, 'en', now).level_names).toBeUndefined();
  });

  it('says so when the student has no result yet', () => {
    const doc = compose({ ...data, result: undefined }, 'en', now);
    expect(doc.total).toBeUndefined();
    expect(doc.empty_message).toBe('No corrected results yet.');
  });
});

describe('the group reports', () => {
  it('show the group’s mean scaled score and mean growth with its interval, then each student’s', () => {
    const doc = compose(sampleGroupData('class', SAMPLE.classes[0]), 'en');
    const [scale] = doc.growth!.scales;
    expect(scale.name).toBe('Reading scale');
    const [group, ...students] = scale.rows;
    expect(group).toMatchObject({ name: 'Class', group: true });
    expect(group.change).toMatch(/^[+−]?\d+ \([+−]?\d+ to [+−]?\d+\)$/);
    expect(group.reading).toMatch(/^\d+ of \d+ changed measurably$/);
    expect(group.level).toMatch(/^\d+ of \d+ meeting or exceeding$/);
    expect(students.every((s) => ['Below', 'Approaching', 'Meeting', 'Exceeding'].includes(s.level!))).toBe(true);
    expect(students.length).toBeGreaterThan(0);
    expect(students.every((s) => /^\d+ ± [\d.]+$/.test(s.current))).toBe(true);
    // A grade report shows the grade's line only (its classes are compared below it).
    expect(compose(sampleGroupData('grade'), 'en').growth!.scales[0].rows).toHaveLength(1);
  });

  it('count and label a class by performance level for an exam of one skill on a scale with cut scores', () => {
    const base = sampleGroupData('class', SAMPLE.classes[0]);
    const readingOnly = base.results.map((r) => ({ ...r, skills: { '1': r.skills['1'] } }));
    const doc = compose({ ...base, results: readingOnly }, 'en');
    expect(doc.tiers!.map((t) => t.tier)).toEqual(['below', 'approaching', 'meeting', 'exceeding']);
    expect(doc.tiers!.reduce((sum, t) => sum + Number(t.count), 0)).toBe(readingOnly.length);
    // Each student's label is their level on the reading scale, as in their growth line.
    const [, ...lines] = doc.growth!.scales[0].rows;
    const levelOf = new Map(lines.map((line) => [line.name, line.level]));
    for (const student of doc.students!) expect(student.tier_name).toBe(levelOf.get(student.name));
    expect(doc.skills[0].tier).toMatch(/^(below|approaching|meeting|exceeding)$/);
    expect(doc.level_names).toBeDefined();
    // Several skills (the sample exam): students and counts stay by tier; the reading line by level.
    const mixed = compose(base, 'en');
    expect(mixed.tiers!.map((t) => t.tier)).toEqual(['below', 'within', 'above']);
    expect(mixed.skills.map((s) => s.tier)[0]).toMatch(/^(below|approaching|meeting|exceeding)$/);
    expect(mixed.skills.slice(1).every((s) => ['below', 'within', 'above'].includes(s.tier))).toBe(true);
    // A grade report keeps its tiers: its classes side by side are counted by tier.
    const grade = sampleGroupData('grade');
    const gradeDoc = compose(
      { ...grade, results: grade.results.map((r) => ({ ...r, skills: { '1': r.skills['1'] } })) },
      'en',
    );
    expect(gradeDoc.tiers!.map((t) => t.tier)).toEqual(['below', 'within', 'above']);
  });

  it('make the grade report compare its classes instead of listing the school’s students again', () => {
    const gradeDoc = compose(sampleGroupData('grade'), 'ar');
    const schoolDoc = compose(sampleGroupData('school'), 'ar');
    expect(gradeDoc.students).toBeUndefined();
    expect(schoolDoc.classes).toBeUndefined();
    expect(gradeDoc.classes!.skills).toEqual(SAMPLE.skills.map((s) => s.name_ar));
    expect(gradeDoc.classes!.rows.map((r) => r.name)).toEqual(['الشعبة أ', 'الشعبة ج']);
    expect(gradeDoc.labels.classes).toBe('مقارنة الشعب');
  });

  it('show each student’s mark once, in the one format of the reports', () => {
    const doc = compose(sampleGroupData('class', SAMPLE.classes[0]), 'en');
    for (const student of doc.students!) {
      expect(Object.keys(student).sort()).toEqual(['mark', 'name', 'result', 'tier', 'tier_name']);
      expect(student.mark).toMatch(/^\d+(\.\d{1,2})? \/ 100$/);
    }
    const w = new ReportWords('en');
    expect([w.percent(95.652173913), w.outOf(86.956, 100)]).toEqual(['95.65%', '86.96 / 100']);
  });

  it('list Arabic names first for an Arabic reader and Latin names first for an English one', () => {
    const results = [
      row('Zaid Karim', 10, 20),
      row('ليلى أحمد', 12, 20),
      row('Adam Younis', 14, 20),
      row('أحمد ناصر', 9, 20),
    ];
    const data: ReportData = { ...sampleGroupData('class', SAMPLE.classes[0]), results };
    expect(compose(data, 'ar').students!.map((s) => s.name)).toEqual([
      'أحمد ناصر',
      'ليلى أحمد',
      'Adam Younis',
      'Zaid Karim',
    ]);
    expect(compose(data, 'en').students!.map((s) => s.name)).toEqual([
      'Adam Younis',
      'Zaid Karim',
      'أحمد ناصر',
      'ليلى أحمد',
    ]);
  });

  it('name each student in the reader’s language when the school sent both names', () => {
    const names = (lang: 'en' | 'ar') => compose(sampleGroupData('school'), lang).students!.map((s) => s.name);
    expect(names('en')).toContain('Adam Younis');
    expect(names('ar')).toContain('آدم يونس');
    expect(names('ar')).not.toContain('Adam Younis');
    // Known by a Latin name only: listed after the Arabic names for an Arabic reader.
    expect(names('ar').indexOf('Zaid Karim')).toBeGreaterThan(names('ar').indexOf('آدم يونس'));
  });

  it('name a student imported without an Arabic name by their Latin one, never by nothing', () => {
    const imported = { name_en: 'Huda Karim', name_ar: '' };
    expect(new ReportWords('ar').name(imported)).toBe('Huda Karim');
    expect(new ReportWords('en').name({ name_en: '', name_ar: 'هدى كريم' })).toBe('هدى كريم');
    expect(new ReportWords('ar').name({ name_en: 'Huda Karim', name_ar: 'هدى كريم' })).toBe('هدى كريم');
  });

  it('word the class, the grade and the tiers with one Arabic term each', () => {
    const doc = compose(sampleGroupData('class', SAMPLE.classes[0]), 'ar');
    const facts = Object.fromEntries(doc.facts.map((f) => [f.label, f.value]));
    expect(facts['الصف']).toBe('الصف الخامس');
    expect(facts['الشعبة']).toBe('الشعبة أ');
    expect(doc.labels.group).toBe('الشعبة');
    expect(doc.labels.tier).toBe('مستوى التحصيل');
  });
});

describe('the order of names', () => {
  it('puts the reader’s script first, then collates each part in the reader’s language', () => {
    const names = ['Zaid', 'يوسف', 'adam', 'أحمد', 'Class 10', 'Class 2', '123', 'Ömer'];
    expect([...names].sort(nameComparator('ar'))).toEqual([
      'أحمد',
      'يوسف',
      'adam',
      'Class 2',
      'Class 10',
      'Ömer',
      'Zaid',
      '123',
    ]);
    expect([...names].sort(nameComparator('en'))).toEqual([
      'adam',
      'Class 2',
      'Class 10',
      'Ömer',
      'Zaid',
      'أحمد',
      'يوسف',
      '123',
    ]);
    expect([scriptOf('"Omar" #1'), scriptOf('  ليلى'), scriptOf('42')]).toEqual(['latin', 'arabic', 'other']);
  });
});
