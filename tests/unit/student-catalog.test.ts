import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogs } from '../../locales';
import arForStudents from '../../locales/ar/for-students';
import enForStudents from '../../locales/en/for-students';
import { reachableFiles } from '../helpers/module-graph';

/**
 * The student boot downloads a part of the catalog (locales/<language>/for-students.ts, issue 41).
 * Every file it can load (src/client/main.tsx without the console's App, and everything they
 * import) names keys only of the areas that part holds: a key of another area would show as its
 * raw name to a student.
 */
const files = reachableFiles(['src/client/main.tsx'], (file) =>
  file.endsWith(`${path.sep}client${path.sep}App.tsx`),
).filter((file) => !file.includes(`${path.sep}locales${path.sep}`));
const texts = files.map((file) => [file, fs.readFileSync(file, 'utf8')] as const);
const areas = (messages: object) => Object.keys(messages).sort();
const left = areas(catalogs.en).filter((area) => !(area in enForStudents));
const naming = (area: string) => new RegExp(`['"\`]${area}\\.[\\w$]`);

describe("the student boot's catalog", () => {
  it('leaves out the staff screens, and is the same part in both languages', () => {
    expect(left).toEqual(
      expect.arrayContaining(['roster', 'interchange', 'audit', 'item_analysis', 'exam_day', 'delivery']),
    );
    expect(areas(arForStudents)).toEqual(areas(enForStudents));
    for (const language of ['en', 'ar'] as const) {
      const part = language === 'en' ? enForStudents : arForStudents;
      for (const area of areas(part))
        expect(catalogs[language][area as keyof typeof part]).toBe(part[area as keyof typeof part]);
    }
  });

  it('holds every area the files a student loads name', () => {
    // The scan sees the student's screens and their keys (a check of the check).
    expect(files.some((file) => file.endsWith(path.join('student', 'player', 'Player.tsx')))).toBe(true);
    expect(files.some((file) => file.endsWith(path.join('client', 'App.tsx')))).toBe(false);
    expect(texts.some(([, text]) => naming('student').test(text))).toBe(true);
    const named = left.flatMap((area) =>
      texts.filter(([, text]) => naming(area).test(text)).map(([file]) => `${area}: ${path.relative('.', file)}`),
    );
    expect(named).toEqual([]);
  });
});
