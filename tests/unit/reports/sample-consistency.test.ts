import type { TierKey } from '../../../src/common/reports/index';
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

  it('averages its skills into its total, and shows growth on the scale as its students’ mean', () => {
    for (const skill of school.skills) {
      const [score, max] = fraction(skill.score);
      expect(value(skill.percent_text), skill.name).toBeCloseTo((score / max) * 100, 0);
    }
    // Growth on the reading scale: the school's line is its students' mean (to a point, rounding).
    const [group, ...rows] = school.growth!.scales[0].rows;
    expect(group).toMatchObject({ name: 'School', group: true });
    expect(rows).toHaveLength(STUDENTS);
    const mean = (texts: string[]) => texts.reduce((sum, text) => sum + value(text.split('±')[0]), 0) / texts.length;
    expect(Math.abs(value(group.current) - mean(rows.map((r) => r.current)))).toBeLessThanOrEqual(1);
    const both = rows.filter((r) => r.previous !== '—');
    expect(both).toHaveLength(24); // the last two students have no round 1 result
    expect(Math.abs(value(group.change.split('(')[0]) - mean(both.map((r) => r.change)))).toBeLessThanOrEqual(1);
    expect(group.reading).toMatch(/^\d+ of 24 changed measurably$/);
    expect(school.labels.change).toBe('Change');
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

  it('show the same scaled score and growth as the school report’s line of the student', () => {
    const lines = new Map(school.growth!.scales[0].rows.slice(1).map((r) => [r.name, r]));
    for (const doc of students) {
      const [own] = doc.growth!.scales[0].rows;
      const line = lines.get(doc.facts[0].value)!;
      expect({ ...own, name: line.name }).toEqual(line);
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
        rows.reduce((sum, r) => sum + value(r.tiers![tier.tier as TierKey]), 0),
        tier.tier,
      ).toBe(value(tier.count));
    for (const [k, row] of rows.entries()) {
      const classDoc = classes[k];
      expect(value(row.students)).toBe(classDoc.students!.length);
      expect(value(row.average)).toBe(fraction(figure(classDoc, 'Average mark'))[0]);
      expect(row.skills).toEqual(classDoc.skills.map((s) => s.percent_text));
      for (const tier of classDoc.tiers!) expect(row.tiers![tier.tier as TierKey]).toBe(tier.count);
    }
  });
});
