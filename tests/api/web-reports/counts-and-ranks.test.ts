import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webReportResults } from '../../../src/common/contracts/index';
import { ROLES } from '../../../src/common/permissions';
import { ManualClock } from '../../../src/server/clock';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { refreshWebReports } from '../../../src/server/web-reports/index';
import { call } from '../../helpers/api-client';
import { buildUser, signIn } from '../../helpers/factories';
import { createTestApp, type TestContext } from '../../helpers/test-app';
import { buildWebReportWorld } from '../../helpers/web-report-factory';

/**
 * What the dashboard's counts count, how many results its averages include, averages over exact
 * values and shared ranks. Two schools of six students, one grade, two rounds:
 *
 * | school | round | students                 | result                                  |
 * | A      | 1     | a0 Zaid Karim, a1 ليلى أحمد, a2 Adam Younis | 2 of 3 points (66.666…%, shown 66.67) |
 * | A      | 1     | a3                       | 50                                      |
 * | A      | 1     | a4                       | 80                                      |
 * | A      | 1     | a5                       | handed in, not yet corrected            |
 * | A      | 2     | a0                       | 70                                      |
 * | A      | 2     | a1                       | not handed in                           |
 * | B      | 1     | b0, b1, b2               | 2 of 3 points                           |
 */
const clock = new ManualClock(new Date('2026-06-20T09:00:00Z'));
let t: TestContext;
let admin: string;
let world: Awaited<ReturnType<typeof buildWebReportWorld>>;

beforeAll(async () => {
  t = await createTestApp({}, clock);
  const registry = await loadSchemaRegistry();
  admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
  world = await buildWebReportWorld(t.db, registry, 6);
  const [a, b] = world.schools.map((school) => school.students);
  // Adam's school sent his Arabic name too; the others are known by one name so far.
  const names = [['Zaid Karim'], ['ليلى أحمد'], ['Adam Younis', 'آدم يونس']];
  for (const [k, [name, arabic]] of names.entries())
    await t.db
      .updateTable('students')
      .set({ name, name_en: name, name_ar: arabic ?? name })
      .where('id', '=', a[k].id)
      .execute();
  const twoThirds = async (student: Parameters<typeof world.result>[0]) => {
    await world.result(student, 1, { percent: 66.67 });
    // Two points of three: the exact percent is 66.666…, the stored one 66.67.
    await t.db
      .updateTable('report_results')
      .set({
        score: 2,
        max_score: 3,
        skill_scores: JSON.stringify({
          [world.skills[0].id]: { score: 2, max: 3 },
          [world.skills[1].id]: { score: 4, max: 6 },
        }),
      })
      .where('student_id', '=', student.id)
      .execute();
  };
  for (const student of [a[0], a[1], a[2], b[0], b[1], b[2]]) await twoThirds(student);
  await world.result(a[3], 1, { percent: 50 });
  await world.result(a[4], 1, { percent: 80 });
  await world.result(a[5], 1);
  await world.result(a[0], 2, { percent: 70 });
  await world.result(a[1], 2, { submitted: false });
  await refreshWebReports(t.db, 'schedule', () => clock.now());
}, 120_000);
afterAll(() => t.close());

const results = async (query: string, lang: 'en' | 'ar' = 'en') => {
  const url = `/api/web-report/results?platform_id=${world.platform.id}${query}`;
  const response = await call(t.app, 'GET', url, undefined, { cookie: admin, lang });
  expect(response.statusCode, response.body).toBe(200);
  return webReportResults.parse(response.json().data);
};
const schoolA = () => `&school_id[]=${world.schools[0].school.id}`;
const schoolB = () => `&school_id[]=${world.schools[1].school.id}`;
const round = (k: 0 | 1) => `&round_id[]=${world.rounds[k].id}`;

describe('the participation counts', () => {
  it('count students once when subscribed, and once per exam when assigned, completed or not submitted', async () => {
    const both = (await results(schoolA())).figures;
    expect(both.participation).toEqual({ schools: 1, subscribed: 6, assigned: 8, completed: 7, non_submitters: 1 });
    const [first, second] = [
      (await results(schoolA() + round(0))).figures,
      (await results(schoolA() + round(1))).figures,
    ];
    // One round: each student at most once, never more than are subscribed.
    expect(first.participation).toMatchObject({ subscribed: 6, assigned: 6, completed: 6, non_submitters: 0 });
    expect(second.participation).toMatchObject({ subscribed: 6, assigned: 2, completed: 1, non_submitters: 1 });
    // The exam counts add up over rounds; subscribed students do not.
    for (const key of ['assigned', 'completed', 'non_submitters'] as const)
      expect(both.participation[key], key).toBe(first.participation[key] + second.participation[key]);
  });

  it('say how many of the completed exams the averages include: the ones moved into the reports', async () => {
    const { figures } = await results(schoolA());
    // a5 handed in but is not corrected yet: 6 of 7.
    expect([figures.results, figures.participation.completed]).toEqual([6, 7]);
    expect(figures.tiers.reduce((sum, tier) => sum + tier.count, 0)).toBe(figures.results);
  });
});

describe('the averages', () => {
  it('are taken over exact percentages, not over percentages rounded to two decimals', async () => {
    const { figures } = await results(schoolB());
    // Three results of 2 / 3: 66.666…, where the rounded percentages would give 66.67.
    expect(figures.average).toBeCloseTo(200 / 3, 6);
    expect(figures.skills.map((s) => s.average)).toEqual([expect.closeTo(200 / 3, 6), expect.closeTo(200 / 3, 6)]);
    const a = (await results(schoolA() + round(0))).figures;
    expect(a.average).toBeCloseTo((200 + 50 + 80) / 5, 6);
  });
});

describe('the leaderboard', () => {
  it('gives tied students one rank (1, 2, 2, 2, 5), listed by name in the reader’s language and order', async () => {
    const query = schoolA() + round(0) + `&grade_id[]=${world.grade.id}`;
    const board = (lang: 'en' | 'ar') =>
      results(query, lang).then((r) =>
        r.leaderboard!.top.map((row) => [
          row.rank,
          lang === 'ar' ? row.student.name_ar : row.student.name_en,
          row.percent,
        ]),
      );
    const [a3, a4] = [world.schools[0].students[3].name, world.schools[0].students[4].name];
    expect(await board('en')).toEqual([
      [1, a4, 80],
      [2, 'Adam Younis', 66.67],
      [2, 'Zaid Karim', 66.67],
      [2, 'ليلى أحمد', 66.67],
      [5, a3, 50],
    ]);
    // Arabic names first (Adam's Arabic one among them), then the Latin ones.
    expect((await board('ar')).slice(1, 4)).toEqual([
      [2, 'آدم يونس', 66.67],
      [2, 'ليلى أحمد', 66.67],
      [2, 'Zaid Karim', 66.67],
    ]);
  });
});
