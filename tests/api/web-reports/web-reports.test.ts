import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../../schemas/index';
import { webReportFilters, webReportResults } from '../../../src/common/contracts/index';
import { ROLES } from '../../../src/common/permissions';
import { ManualClock } from '../../../src/server/clock';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { refreshWebReports } from '../../../src/server/web-reports/index';
import { call } from '../../helpers/api-client';
import { buildUser, signIn } from '../../helpers/factories';
import { signInSchoolStaff } from '../../helpers/report-factory';
import { createTestApp, type TestContext } from '../../helpers/test-app';
import { buildWebReportWorld } from '../../helpers/web-report-factory';

/**
 * The web report figures against a data set computed by hand (two schools of five students, one
 * grade, two rounds, two skills; default tiers: below 50, within 50 to 80, above from 80):
 *
 * | school | round | student | submitted | percent (skill 1, skill 2) |
 * | A      | 1     | a0      | yes       | 90 (100, 80)               |
 * | A      | 1     | a1      | yes       | 60 (50, 70)                |
 * | A      | 1     | a2      | yes       | 30 (20, 40)                |
 * | A      | 1     | a3      | yes       | not corrected              |
 * | A      | 1     | a4      | no        | -                          |
 * | A      | 2     | a0      | yes       | 70 (70, 70)                |
 * | A      | 2     | a1      | yes       | 85 (90, 80)                |
 * | B      | 1     | b0      | yes       | 45 (40, 50)                |
 * | B      | 1     | b1      | yes       | 80 (80, 80)                |
 *
 * All: 2 schools, 10 subscribed students, 9 exams assigned, 8 completed, 1 not submitted; 7 results
 * averaging 460 / 7 = 65.714…; tiers below 2 (28.57%), within 2 (28.57%), above 3 (42.86%); skill 1
 * 450 / 7 = 64.29, skill 2 470 / 7 = 67.14.
 */
const clock = new ManualClock(new Date('2026-06-20T09:00:00Z'));
let t: TestContext;
let registry: SchemaRegistry;
let admin: string;
let world: Awaited<ReturnType<typeof buildWebReportWorld>>;

beforeAll(async () => {
  t = await createTestApp({}, clock);
  registry = await loadSchemaRegistry();
  admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
  world = await buildWebReportWorld(t.db, registry);
  const [a, b] = world.schools.map((school) => school.students);
  await world.result(a[0], 1, { percent: 90, skills: [100, 80] });
  await world.result(a[1], 1, { percent: 60, skills: [50, 70] });
  await world.result(a[2], 1, { percent: 30, skills: [20, 40] });
  await world.result(a[3], 1);
  await world.result(a[4], 1, { submitted: false });
  await world.result(a[0], 2, { percent: 70, skills: [70, 70] });
  await world.result(a[1], 2, { percent: 85, skills: [90, 80] });
  await world.result(b[0], 1, { percent: 45, skills: [40, 50] });
  await world.result(b[1], 1, { percent: 80, skills: [80, 80] });
}, 120_000);
afterAll(() => t.close());

const get = (url: string, cookie = admin, lang: 'en' | 'ar' = 'en') =>
  call(t.app, 'GET', url, undefined, { cookie, lang });
const results = async (query: string, cookie = admin, lang: 'en' | 'ar' = 'en') => {
  const response = await get(`/api/web-report/results?platform_id=${world.platform.id}${query}`, cookie, lang);
  expect(response.statusCode, response.body).toBe(200);
  return webReportResults.parse(response.json().data);
};
const ids = () => ({
  a: world.schools[0].school.id,
  b: world.schools[1].school.id,
  r1: world.rounds[0].id,
  r2: world.rounds[1].id,
  grade: world.grade.id,
});

describe('refresh', () => {
  it('shows nothing and says so until the first refresh, then the figures and when they were refreshed', async () => {
    const before = await results('');
    expect(before.refreshed_at).toBeNull();
    expect(before.figures.results).toBe(0);

    clock.set(new Date('2026-06-21T02:00:00Z'));
    const { rows } = await refreshWebReports(t.db, 'schedule', () => clock.now());
    expect(rows).toBeGreaterThan(0);
    const after = await results('');
    expect(after.refreshed_at).toBe('2026-06-21T02:00:00.000Z');
    expect(after.figures.results).toBe(7);
    const recorded = await t.db.selectFrom('web_report_refreshes').selectAll().orderBy('id', 'desc').executeTakeFirst();
    expect(recorded).toMatchObject({ status: 'done', reason: 'schedule', error: null });
  });
});

describe('GET /api/web-report/results', () => {
  it('gives participation, the average, the tiers and the average per skill as computed by hand', async () => {
    const { figures } = await results('');
    expect(figures.participation).toEqual({ schools: 2, subscribed: 10, assigned: 9, completed: 8, non_submitters: 1 });
    expect(figures.average).toBeCloseTo(460 / 7, 6);
    expect(figures.tiers).toEqual([
      { key: 'below', count: 2, share: 28.57 },
      { key: 'within', count: 2, share: 28.57 },
      { key: 'above', count: 3, share: 42.86 },
    ]);
    expect(figures.skills.map((s) => [s.id, s.average, s.results])).toEqual([
      [world.skills[0].id, expect.closeTo(450 / 7, 6), 7],
      [world.skills[1].id, expect.closeTo(470 / 7, 6), 7],
    ]);
    expect(figures.skills[0].name_en).toBe(world.skills[0].name_en);
  });

  it('narrows the figures by school, round and grade', async () => {
    const { b, r1, grade } = ids();
    const { figures } = await results(`&school_id[]=${b}&round_id[]=${r1}&grade_id[]=${grade}`);
    expect(figures.participation).toEqual({ schools: 1, subscribed: 5, assigned: 2, completed: 2, non_submitters: 0 });
    expect(figures.average).toBe(62.5);
    expect(figures.tiers.map((tier) => tier.count)).toEqual([1, 0, 1]);
    // Another academic year, or another platform's grade: nothing.
    const empty = await results(`&academic_year_id[]=${world.year.id + 1000}`);
    expect(empty.figures).toMatchObject({ results: 0, average: null });
    expect(empty.figures.participation).toMatchObject({ assigned: 0, subscribed: 10 });
  });

  it('shows the leaderboard only for one school, one round and one grade', async () => {
    const { a, b, r1, r2, grade } = ids();
    const board = await results(`&school_id[]=${a}&round_id[]=${r1}&grade_id[]=${grade}`);
    expect(board.leaderboard_message).toBeNull();
    expect(board.leaderboard!.top.map((row) => [row.rank, row.percent, row.tier])).toEqual([
      [1, 90, 'above'],
      [2, 60, 'within'],
      [3, 30, 'below'],
    ]);
    expect(board.leaderboard!.top[0].student.id).toBe(world.schools[0].students[0].id);
    // Fewer than twice the size: the lowest do not repeat the top.
    expect(board.leaderboard!.lowest).toEqual([]);

    for (const query of [
      `&round_id[]=${r1}&grade_id[]=${grade}`,
      `&school_id[]=${a}&school_id[]=${b}&round_id[]=${r1}&grade_id[]=${grade}`,
      `&school_id[]=${a}&round_id[]=${r1}&round_id[]=${r2}&grade_id[]=${grade}`,
      `&school_id[]=${a}&round_id[]=${r1}`,
    ]) {
      const refused = await results(query, admin, 'ar');
      expect(refused.leaderboard, query).toBeNull();
      expect(refused.leaderboard_message).toBe('اختر مدرسة واحدة وجولة واحدة وصفًا واحدًا لعرض لوحة المتصدرين.');
    }
  });

  it('puts the chosen schools, rounds or years side by side with show_comparative=1', async () => {
    const { a, b, r1, r2 } = ids();
    const bySchool = await results(`&school_id[]=${a}&school_id[]=${b}&show_comparative=1`);
    expect(bySchool.comparative!.by).toBe('school');
    const [first, second] = bySchool.comparative!.groups;
    expect(first.id).toBe(a);
    expect(first.figures.participation).toEqual({
      schools: 1,
      subscribed: 5,
      assigned: 7,
      completed: 6,
      non_submitters: 1,
    });
    expect(first.figures.average).toBe(67);
    expect(first.figures.tiers.map((tier) => tier.count)).toEqual([1, 2, 2]);
    expect(second.figures.average).toBe(62.5);
    expect(second.figures.participation.subscribed).toBe(5);

    const byRound = await results(`&round_id[]=${r1}&round_id[]=${r2}&show_comparative=1`);
    expect(byRound.comparative!.by).toBe('round');
    expect(byRound.comparative!.groups.map((g) => [g.id, g.figures.average, g.figures.participation.assigned])).toEqual(
      [
        [r1, 61, 7],
        [r2, 77.5, 2],
      ],
    );
    expect(byRound.comparative!.groups[1].figures.participation.subscribed).toBe(10);

    const nothingToCompare = await results('&show_comparative=1');
    expect(nothingToCompare.comparative).toBeNull();
    expect(nothingToCompare.comparative_message).toBe(
      'Choose more than one school, round or academic year to compare them.',
    );
    const off = await results(`&school_id[]=${a}&school_id[]=${b}&show_comparative=0`);
    expect(off.comparative).toBeNull();
    expect(off.comparative_message).toBeNull();
  });

  it('keeps school staff to their schools: their figures, their leaderboard, 404 for another school', async () => {
    const { a, b, r1, grade } = ids();
    const staff = await signInSchoolStaff(t, [a]);
    const own = await results('', staff);
    expect(own.figures.participation).toMatchObject({ schools: 1, subscribed: 5, assigned: 7 });
    expect(own.figures.results).toBe(5);
    // Their only school counts as chosen for the leaderboard.
    const board = await results(`&round_id[]=${r1}&grade_id[]=${grade}`, staff);
    expect(board.leaderboard!.top).toHaveLength(3);
    const other = await get(`/api/web-report/results?school_id[]=${b}`, staff);
    expect(other.statusCode).toBe(404);
    const none = await signInSchoolStaff(t, []);
    expect((await results('', none)).figures).toMatchObject({ results: 0, participation: { subscribed: 0 } });
  });

  it('accepts repeated and comma-separated ids', async () => {
    const { a, b } = ids();
    const repeated = await results(`&school_id=${a}&school_id=${b}&show_comparative=1`);
    expect(repeated.comparative!.groups).toHaveLength(2);
    const comma = await results(`&school_id[]=${a},${b}&show_comparative=1`);
    expect(comma.comparative!.groups).toHaveLength(2);
  });

  it('refuses malformed filters with 400 in the request language', async () => {
    for (const query of [
      'school_id[]=x',
      'round_id[]=0',
      'grade_id[]=1e3',
      'platform_id=-1',
      'show_comparative=2',
      'colour=red',
      `school_id[]=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`,
    ]) {
      const response = await get(`/api/web-report/results?${query}`, admin, 'ar');
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBeTruthy();
      expect(Object.keys(response.json().errors ?? {}).length, query).toBeGreaterThan(0);
    }
  });
});

describe('GET /api/web-report/filters', () => {
  it('lists platforms, years and each platform’s rounds and grades; schools within the user’s', async () => {
    const response = await get('/api/web-report/filters');
    expect(response.statusCode).toBe(200);
    const filters = webReportFilters.parse(response.json().data);
    expect(filters.can_refresh).toBe(true);
    expect(filters.schools.map((s) => s.id)).toEqual(expect.arrayContaining([ids().a, ids().b]));
    expect(filters.rounds.filter((r) => r.platform_id === world.platform.id).map((r) => r.id)).toEqual([
      ids().r1,
      ids().r2,
    ]);
    expect(filters.academic_years.map((y) => y.id)).toContain(world.year.id);

    const staff = await signInSchoolStaff(t, [ids().b]);
    const theirs = webReportFilters.parse((await get('/api/web-report/filters', staff)).json().data);
    expect(theirs.schools.map((s) => s.id)).toEqual([ids().b]);
    expect(theirs.can_refresh).toBe(false);
  });
});

describe('POST /api/web-report/refresh', () => {
  it('lets an admin refresh now: later results appear, with the new time', async () => {
    const [, b] = world.schools.map((school) => school.students);
    await world.result(b[2], 1, { percent: 100, skills: [100, 100] });
    expect((await results('')).figures.results).toBe(7);
    clock.set(new Date('2026-06-22T10:30:00Z'));
    const response = await call(t.app, 'POST', '/api/web-report/refresh', {}, { cookie: admin, lang: 'ar' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'تم تحديث أرقام التقارير التفاعلية.',
      data: { refreshed_at: '2026-06-22T10:30:00.000Z' },
    });
    const after = await results('');
    expect(after.figures.results).toBe(8);
    expect(after.refreshed_at).toBe('2026-06-22T10:30:00.000Z');
    expect(
      (await t.db.selectFrom('web_report_refreshes').select('reason').orderBy('id', 'desc').executeTakeFirst())?.reason,
    ).toBe('admin');
  });
});

describe('access', () => {
  it('refuses the signed-out (401), and those without the permission (403)', async () => {
    for (const [method, url] of [
      ['GET', '/api/web-report/results'],
      ['GET', '/api/web-report/filters'],
      ['POST', '/api/web-report/refresh'],
    ] as const)
      expect((await call(t.app, method, url, method === 'POST' ? {} : undefined)).statusCode, url).toBe(401);
    const corrector = await signIn(t.app, await buildUser(t.db, { role: ROLES.corrector }));
    expect((await get('/api/web-report/results', corrector)).statusCode).toBe(403);
    expect((await get('/api/web-report/filters', corrector)).statusCode).toBe(403);
    for (const role of [ROLES.author, ROLES.school]) {
      const cookie = await signIn(t.app, await buildUser(t.db, { role }));
      expect((await get('/api/web-report/results', cookie)).statusCode, role).toBe(200);
      const refused = await call(t.app, 'POST', '/api/web-report/refresh', {}, { cookie });
      expect(refused.statusCode, role).toBe(403);
    }
  });
});
