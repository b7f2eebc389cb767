import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import ar from '../../locales/ar/index';

/**
 * One Arabic term per concept, in the console, the messages, the PDFs and the exports:
 * grade الصف, class الشعبة, level المستوى; a spreadsheet's row is السطر (never الصف, the grade's word);
 * the author's role معدّ الاختبارات; anonymous marking التصحيح دون أسماء; a dry run الفحص التجريبي.
 */
const RETIRED: { term: RegExp; instead: string }[] = [
  { term: /المرحلة الدراسية|المراحل الدراسية|تقارير المرحلة/, instead: 'الصف (grade)' },
  { term: /الصفوف الدراسية|صف دراسي/, instead: 'الصفوف / الصف (grade)' },
  { term: /الفصل|الفصول/, instead: 'الشعبة / الشعب (class)' },
  {
    term: /(الصف|صف|صفوف|الصفوف) %\{row|%\{max\} صف|كل صف دون|حسب الصف|الصف الأول|الصفوف في الصفحة|تحديد هذا الصف/,
    instead: 'السطر (a row)',
  },
  { term: /%\{[a-z_]+\} صفًا/, instead: 'الأسطر (rows)' },
  { term: /وصفّه/, instead: 'وشعبته (class)' },
  { term: /مؤلف/, instead: 'معدّ الاختبارات (author)' },
  { term: /مجهول الهوية/, instead: 'دون أسماء (anonymous marking)' },
  { term: /التشغيل التجريبي|تشغيل تجريبي/, instead: 'الفحص التجريبي (dry run)' },
  // "0 من 3 إجابة": a count of answers without its plural; name the answers first, then count them.
  { term: /من %\{[a-z_]+\} إجابة/, instead: 'الإجابات …: %{x} من %{y}' },
];

type Catalog = { [key: string]: string | Catalog };
const leaves = (catalog: Catalog, prefix = ''): [string, string][] =>
  Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`),
  );

/** Server files that hold Arabic words of their own (spreadsheet headers, PDF labels, roles). */
function serverSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'demo' ? [] : serverSources(path);
    return /\.(ts|typ)$/.test(entry.name) ? [path] : [];
  });
}

describe('Arabic terminology', () => {
  it('the catalogs use one term for grade, class and row', () => {
    const found = leaves(ar as Catalog).flatMap(([key, message]) =>
      RETIRED.filter(({ term }) => term.test(message)).map(({ instead }) => `${key}: "${message}" (use ${instead})`),
    );
    expect(found).toEqual([]);
  });

  it('so do the server’s own words (spreadsheet headers, PDF templates)', () => {
    const root = new URL('../../src/server', import.meta.url).pathname;
    const found = serverSources(root).flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          RETIRED.filter(
            ({ term }) => term.test(line) && !line.includes('one-term rule') && !line.includes("'نوع الصف'"),
          ).map(({ instead }) => `${path.slice(root.length)}:${index + 1} (use ${instead})`),
        ),
    );
    expect(found).toEqual([]);
  });

  it('grade, class and level read the same wherever they are labelled', () => {
    const labels = new Map(leaves(ar as Catalog));
    const gradeKeys = [...labels].filter(([key]) => /(^|\.)(grade|grade_id)$/.test(key)).map(([, m]) => m);
    const classKeys = [...labels]
      .filter(([key]) => /(^|\.)(school_class|school_class_id|class)$/.test(key))
      .map(([, m]) => m);
    expect(new Set(gradeKeys.filter((m) => !m.includes('تقرير')))).toEqual(new Set(['الصف']));
    expect(new Set(classKeys.filter((m) => !m.includes('تقرير')))).toEqual(new Set(['الشعبة']));
  });
});
