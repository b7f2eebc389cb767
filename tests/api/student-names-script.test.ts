import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/server/clock';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { call } from '../helpers/api-client';
import { buildCorrectionScene } from '../helpers/correction-factory';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Issue 41: the Arabic console showed students by their Latin names where Arabic names exist (the
 * assign page, the corrector's list and heading, a student's exams, the player's header). Every
 * screen that names a student names them in the reader's script, searches both, and sorts by it.
 */
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, clock);
}, 60_000);
afterAll(() => t.close());

type Named = { name: string };
type Body = { data: unknown };

const NAMES = [
  { name_en: 'Zaid Haddad', name_ar: 'أحمد حداد' },
  { name_en: 'Adam Saleh', name_ar: 'يوسف صالح' },
];

describe("a student's name in the reader's script", () => {
  it('is Arabic for an Arabic reader and Latin for an English one, on every screen that names them', async () => {
    const scene = await buildCorrectionScene(t.app, t.db, await loadSchemaRegistry(), { count: 2 });
    const [first, second] = scene.students;
    for (const [index, student] of [first, second].entries())
      await t.db
        .updateTable('students')
        .set({ ...NAMES[index], name: NAMES[index].name_en })
        .where('id', '=', student.id)
        .execute();
    const exam = scene.exam.id;
    const as = (lang: 'en' | 'ar', url: string, cookie = scene.admin) =>
      call(t.app, 'GET', url, undefined, { cookie, lang });
    const names = async (lang: 'en' | 'ar', url: string, pick: (body: Body) => Named[]) => {
      const response = await as(lang, url);
      expect(response.statusCode, response.body).toBe(200);
      return pick(response.json()).map((row) => row.name);
    };
    const lists: [string, (body: Body) => Named[]][] = [
      [`/api/exams/${exam}/assignation/schools/${scene.school.id}/students`, (b) => b.data as Named[]],
      [`/api/exams/${exam}/assigned/students?sort=name&order=asc`, (b) => b.data as Named[]],
      [
        `/api/schools/${scene.school.id}/grades/${first.grade_id}/students?sort=name&order=asc`,
        (b) => b.data as Named[],
      ],
      [`/api/exams/${exam}/monitor`, (b) => (b.data as { students: Named[] }).students],
    ];
    for (const [url, pick] of lists) {
      // Each list names them in the reader's script, in that script's alphabetical order where it sorts.
      const arabic = await names('ar', url, pick);
      expect(
        arabic.filter((n) => n === NAMES[0].name_ar || n === NAMES[1].name_ar),
        url,
      ).toHaveLength(2);
      expect(arabic.join(' '), url).not.toMatch(/Zaid|Adam/);
      const english = await names('en', url, pick);
      expect(
        english.filter((n) => n === NAMES[0].name_en || n === NAMES[1].name_en),
        url,
      ).toHaveLength(2);
      if (!url.includes('monitor')) {
        expect(arabic.indexOf(NAMES[0].name_ar), url).toBeLessThan(arabic.indexOf(NAMES[1].name_ar));
        expect(english.indexOf(NAMES[1].name_en), url).toBeLessThan(english.indexOf(NAMES[0].name_en));
      }
    }
    // A search finds a student by either name, whatever the reader's language.
    for (const search of ['حداد', 'Haddad'])
      for (const lang of ['en', 'ar'] as const)
        expect(
          await names(
            lang,
            `/api/exams/${exam}/assigned/students?search=${encodeURIComponent(search)}`,
            (b) => b.data as Named[],
          ),
        ).toEqual([lang === 'ar' ? NAMES[0].name_ar : NAMES[0].name_en]);

    // The correction screen's heading and a student's profile.
    for (const lang of ['en', 'ar'] as const) {
      const name = lang === 'ar' ? NAMES[0].name_ar : NAMES[0].name_en;
      const correction = await as(lang, `/api/exams/${exam}/students/${first.id}/correction`);
      expect(correction.statusCode, correction.body).toBe(200);
      expect(correction.json().data.student.name).toBe(name);
      const profile = await as(lang, `/api/students/${first.id}/profile`);
      expect(profile.statusCode, profile.body).toBe(200);
      expect(profile.json().data.student.name).toBe(name);
      // The student's own name at the top of their pages.
      const me = await as(lang, '/api/user', scene.studentCookie);
      expect(me.json().data.name).toBe(name);
    }
  });
});
