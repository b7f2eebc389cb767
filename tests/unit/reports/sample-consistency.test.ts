import { describe, expect, it } from 'vitest';
import { tierOf } from '../../../src/common/reports/index';
import type { ReportDocument } from '../../../src/server/pdf/index';
import {
  SAMPLE,
  sampleClassReport,
  sampleGradeReport,
  sampleSchoolReport,
  sampleStudentReport,
} from '../../helpers/sample-reports';
import { fullStudentReport } from '../pdf/sample-documents';

/**
 * The sample reports tell one true story: every figure of one report agrees with the others in it,
 * and with the same figure in the other reports of the same school (a reader of the samples never
 * sees Reading at 0% in one place and 70% in another).
 */
const STUDENTS = 26;
/** A formatted figure as a number: "86.96%" → 86.96, "−8.69" → -8.69. */
const value = (text: string) => Number(text.replace(/[\u200e\u200f%\s]/g, '').replace('−', '-'));
/** "7.5 / 10" → [7.5, 10]. */
const fraction = (text: string) => text.split('/').map(value) as [number, number];
const figure = (doc: ReportDocument, label: string) => doc.participation!.find((f) => f.label === label)!.value;
const round2 = (n: number) => Math.round(n * 100) / 100;

const school = sampleSchoolReport('en');
const grade = sampleGradeReport('en');
const classes = SAMPLE.classes.map((c) => sampleClassReport('en', c));
const students = Array.from({ length: STUDENTS }, (_, i) => sampleStudentReport(i, 'en'));
const studentNamed = (name: string) => students.find((s) => s.facts[0].value === name)!;

describe('the sample school report', () => {
  it('counts in its tiers the students it lists in each tier', () => {
    expect(school.students).toHaveLength(STUDENTS);
    for (const tier of school.tiers!)
      expect(value(tier.count), tier.tier).toBe(school.students!.filter((s) => s.tier === tier.tier).length);
    expect(school.tiers!.reduce((sum, t) => sum + value(t.percent_text), 0)).toBeCloseTo(100, 1);
  });

  it('has participation figures that add up, and the average and pass rate of the students listed', () => {
    const [assigned, completed, missing] = ['Students assigned', 'Completed', 'Did not submit'].map((label) =>
      value(figure(school, label)),
    );
    expect(completed).toBe(STUDENTS);
    expect(assigned - completed).toBe(missing);
    const marks = school.students!.map((s) => fraction(s.mark)[0]);
    expect(fraction(figure(school, 'Average mark'))[0]).toBeCloseTo(marks.reduce((a, b) => a + b) / STUDENTS, 1);
    const passed = school.students!.filter((s) => s.result === 'Passed').length;
    expect(value(figure(school, 'Passed'))).toBe(round2((passed / STUDENTS) * 100));
    for (const s of school.students!) {
      expect(s.tier, s.name).toBe(tierOf(fraction(s.mark)[0]));
      expect(s.result === 'Passed', s.name).toBe(fraction(s.mark)[0] >= 50);
    }
  });

  it('averages its skills into its total, and compares both with round 1 in percentage points', () => {
    for (const skill of school.skills) {
      const [score, max] = fraction(skill.score);
      expect(value(skill.percent_text), skill.name).toBeCloseTo((score / max) * 100, 0);
    }
    const [overall, ...rows] = school.comparison!.rows;
    expect(overall).toMatchObject({ name: 'Overall', overall: true });
    // Four skills of 10 points each: the total's percent is the mean of the skills' percents.
    expect(value(overall.current)).toBeCloseTo(
      school.skills.reduce((sum, s) => sum + value(s.percent_text), 0) / school.skills.length,
      1,
    );
    expect(value(overall.current)).toBe(fraction(figure(school, 'Average mark'))[0]);
    for (const row of [overall, ...rows])
      expect(value(row.change), row.name).toBe(round2(value(row.current) - value(row.previous)));
    expect(rows.map((r) => [r.name, r.current])).toEqual(school.skills.map((s) => [s.name, s.percent_text]));
    expect(school.labels.change).toBe('Change (pp)');
  });
});

describe('the sample student reports', () => {
  it('add the skills up to the total, with the tier and result of the total', () => {
    for (const doc of [...students, fullStudentReport('en')]) {
      const skills = doc.skills.map((s) => fraction(s.score));
      const total = (skills.reduce((a, [s]) => a + s, 0) / skills.reduce((a, [, m]) => a + m, 0)) * 100;
      expect(fraction(doc.total!.value)[0], doc.facts[0].value).toBe(round2(total));
      expect(doc.total!.tier).toBe(tierOf(total));
      expect(doc.total!.passed).toBe(total >= 50);
      const outcomes = doc.outcomes!.map((o) => fraction(o.score));
      expect(outcomes.reduce((a, [s]) => a + s, 0)).toBe(skills.reduce((a, [s]) => a + s, 0));
      expect(outcomes.reduce((a, [, m]) => a + m, 0)).toBe(skills.reduce((a, [, m]) => a + m, 0));
    }
  });

  it('show the same mark and tier as the school report, and the class and school averages of those reports', () => {
    for (const row of school.students!) {
      const doc = studentNamed(row.name);
      expect(doc.total!.value, row.name).toBe(row.mark);
      expect(doc.total!.tier).toBe(row.tier);
      const classDoc = classes.find((c) => c.facts.some((f) => f.label === 'Class' && f.value === row.group))!;
      expect(doc.total!.averages.map((a) => a.value)).toEqual([
        figure(classDoc, 'Average mark'),
        figure(school, 'Average mark'),
      ]);
      expect(doc.skills.map((s) => s.averages)).toEqual(
        classDoc.skills.map((s, k) => [s.percent_text, school.skills[k].percent_text]),
      );
    }
  });

  it('show the growth since round 1 of the total and of each skill', () => {
    const grown = students.filter((doc) => doc.comparison);
    expect(grown).toHaveLength(24); // the last two students have no round 1 result
    for (const doc of grown) {
      const [total, ...skills] = doc.comparison!.rows;
      expect(total).toMatchObject({ name: 'Overall', overall: true });
      expect(value(total.current)).toBe(fraction(doc.total!.value)[0]);
      expect(skills.map((s) => s.current)).toEqual(doc.skills.map((s) => s.percent_text));
      for (const row of doc.comparison!.rows)
        expect(value(row.change)).toBe(round2(value(row.current) - value(row.previous)));
    }
  });
});

describe('the sample grade report', () => {
  it('compares its classes with the figures of their own class reports', () => {
    expect(grade.students).toBeUndefined();
    const rows = grade.classes!.rows;
    expect(rows.map((r) => r.name)).toEqual(['Class A', 'Class C']);
    expect(rows.reduce((sum, r) => sum + value(r.students), 0)).toBe(STUDENTS);
    for (const tier of grade.tiers!)
      expect(
        rows.reduce((sum, r) => sum + value(r.tiers[tier.tier]), 0),
        tier.tier,
      ).toBe(value(tier.count));
    for (const [k, row] of rows.entries()) {
      const classDoc = classes[k];
      expect(value(row.students)).toBe(classDoc.students!.length);
      expect(value(row.average)).toBe(fraction(figure(classDoc, 'Average mark'))[0]);
      expect(row.skills).toEqual(classDoc.skills.map((s) => s.percent_text));
      for (const tier of classDoc.tiers!) expect(row.tiers[tier.tier]).toBe(tier.count);
    }
  });
});
