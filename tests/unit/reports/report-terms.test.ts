import { describe, expect, it } from 'vitest';
import { catalogs } from '../../../locales/index';

/**
 * The reports' and web reports' words: one Arabic term per concept (grade الصف, class الشعبة, the
 * attainment tier مستوى التحصيل, never المستوى alone, which is the level), and participation counts
 * labelled by what they count, in both languages.
 */
const { en, ar } = catalogs;
type Catalog = { [key: string]: string | Catalog };
const leaves = (catalog: Catalog): string[] =>
  Object.values(catalog).flatMap((value) => (typeof value === 'string' ? [value] : leaves(value)));

describe('the words of the reports', () => {
  it('name the grade, the class and the tier with one Arabic term each', () => {
    expect([ar.reports.pdf.facts.grade, ar.reports.pdf.facts.class, ar.reports.pdf.labels.group]).toEqual([
      'الصف',
      'الشعبة',
      'الشعبة',
    ]);
    expect(ar.web_reports.leaderboard.class).toBe('الشعبة');
    expect(ar.web_reports.leaderboard.tier).toBe(ar.reports.pdf.labels.tier);
    expect(ar.reports.pdf.labels.tier).toBe('مستوى التحصيل');
    const words = [...leaves(ar.reports as Catalog), ...leaves(ar.web_reports as Catalog)];
    expect(words.filter((w) => w === 'المستوى' || /صف[ًا]* دراسي/.test(w))).toEqual([]);
  });

  it('say what the participation counts count, in both languages', () => {
    for (const key of ['assigned', 'completed', 'non_submitters'] as const) {
      expect(en.web_reports.participation[key]).toMatch(/^Exams /);
      expect(ar.web_reports.participation[key]).toMatch(/^الاختبارات /);
    }
    expect(en.web_reports.participation.subscribed).toBe('Subscribed students');
    // Growth is a change on a scale (issue 42), never percentage points of two different exams.
    expect(en.reports.pdf.labels.change).toBe('Change');
    expect(ar.reports.pdf.labels.change).toBe('التغيّر');
    expect(JSON.stringify(en.reports.pdf)).not.toMatch(/percentage points|\(pp\)/);
  });
});
