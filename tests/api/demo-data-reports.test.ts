import { describe, expect, it } from 'vitest';
import { loadReportContext } from '../../src/server/reports/report-data';
import { composeReportDocument, loadReportData } from '../../src/server/reports/report-documents';
import { catalogs } from '../../locales/index';
import { call } from '../helpers/api-client';
import { signIn } from '../helpers/factories';
import { t, useDemoData } from './demo-data-app';

useDemoData();

describe('demo data', () => {
  it('holds a corrected Grade 5 benchmark in two rounds at a school, so every report can be made at once', async () => {
    const admin = await signIn(t.app, { email: 'admin@example.com', password: 'Demo@2026' });
    const school = await signIn(t.app, { email: 'school@example.com', password: 'Demo@2026' });
    const as = (cookie: string) => (method: 'GET' | 'POST', url: string, body?: unknown) =>
      call(t.app, method, url, body, { cookie });
    // The school staff account sees its one school, fully corrected.
    const statuses = (await as(school)('GET', '/api/schools/status')).json().data;
    expect(statuses).toHaveLength(1);
    expect(statuses[0]).toMatchObject({ correction_status: { key: 'corrected' }, exams_count: 2, students_count: 18 });
    const schoolId = statuses[0].school_id;
    const queued = await as(admin)('POST', '/api/schools/reports', { school_id: schoolId, correction_status_ids: [3] });
    expect(queued.statusCode, queued.body).toBe(200);
    // Per round: school, bundle, grade, two classes and the grade's sixteen students.
    expect(queued.json().data.report_ids).toHaveLength(2 * (1 + 1 + 1 + 2 + 16));
    const results = await t.db.selectFrom('report_results').select(['tier', 'round_id']).execute();
    expect(new Set(results.map((r) => r.tier))).toEqual(new Set(['below', 'within', 'above']));
    expect(new Set(results.map((r) => r.round_id)).size).toBe(2);
    // The first school still has the corrector's work in progress: its school report waits.
    const first = (await as(admin)('GET', '/api/schools/status')).json().data[0];
    expect(first.correction_status.key).toBe('in_progress');
    const refused = await as(admin)('POST', '/api/schools/generate/exams/report', { school_id: first.school_id });
    expect(refused.statusCode).toBe(418);
  });

  it('calibrates both rounds on the reading scale at start-up, so a class report shows scaled scores and growth', async () => {
    const calibrations = await t.db
      .selectFrom('calibrations')
      .select(['method', 'status', 'results'])
      .orderBy('id')
      .execute();
    expect(calibrations.map((c) => [c.method, c.status])).toEqual([
      ['origin', 'done'],
      ['linked', 'done'],
    ]);
    const [, linked] = calibrations.map((c) => (typeof c.results === 'string' ? JSON.parse(c.results) : c.results));
    expect(linked[0].stable.length).toBeGreaterThanOrEqual(5);
    const admin = await signIn(t.app, { email: 'admin@example.com', password: 'Demo@2026' });
    const schoolId = (await call(t.app, 'GET', '/api/schools/status', undefined, { cookie: admin })).json().data[1]
      .school_id as number;
    const queued = await call(
      t.app,
      'POST',
      '/api/schools/reports',
      { school_id: schoolId, correction_status_ids: [3] },
      { cookie: admin },
    );
    const reports = await t.db
      .selectFrom('reports as r')
      .innerJoin('rounds as ro', 'ro.id', 'r.round_id')
      .select(['r.id', 'r.type', 'ro.name_en as round'])
      .where('r.id', 'in', queued.json().data.report_ids as number[])
      .where('r.school_class_id', 'is not', null)
      .where('r.student_id', 'is', null)
      .where('ro.name_en', '=', 'Round 2')
      .execute();
    const context = await loadReportContext(t.db, reports[0].id);
    const data = await loadReportData(t.db, context);
    for (const lang of ['en', 'ar'] as const) {
      const doc = composeReportDocument(context, data, lang, new Date(), 'UTC');
      const [reading] = doc.growth!.scales;
      expect(reading.name).toBe(lang === 'en' ? 'Reading scale' : 'مقياس القراءة');
      expect(doc.growth!.previous_round).toBe(lang === 'en' ? 'Round 1' : 'الجولة الأولى');
      const [group, ...students] = reading.rows;
      expect(group.group).toBe(true);
      expect(students.length).toBeGreaterThan(3);
      // Every pupil: a scaled score with its error now and then, and a change read against its error.
      for (const row of students) {
        expect(row.current).toMatch(/^\S+ ± \S+$/);
        expect(row.previous).toMatch(/^\S+ ± \S+$/);
        expect(row.reading).not.toBe('—');
      }
      // Each pupil's performance level from the Grade 5 cut scores; the class's share meeting them.
      const levels = Object.values(catalogs[lang].reports.pdf.growth.levels);
      expect(students.every((row) => levels.includes(row.level!))).toBe(true);
      expect(group.level).toBeTruthy();
    }
  });
  it('shows web reports at once: two schools in two rounds, a leaderboard for the school user, item analysis', async () => {
    const admin = await signIn(t.app, { email: 'admin@example.com', password: 'Demo@2026' });
    const school = await signIn(t.app, { email: 'school@example.com', password: 'Demo@2026' });
    const author = await signIn(t.app, { email: 'author@example.com', password: 'Demo@2026' });
    const get = async (url: string, cookie: string) => {
      const response = await call(t.app, 'GET', url, undefined, { cookie });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    const filters = await get('/api/web-report/filters', admin);
    const ira = filters.platforms[0].id;
    const all = await get(`/api/web-report/results?platform_id=${ira}`, admin);
    expect(all.refreshed_at).not.toBeNull();
    // Fourteen students at the second school and eight at the third, in two rounds.
    expect(all.figures.results).toBe(2 * (16 + 8));
    // The first school has the Grade 4 benchmark assigned, not corrected: it takes part, with no results.
    expect(all.figures.participation.schools).toBe(3);
    expect(all.figures.tiers.every((tier: { count: number }) => tier.count > 0)).toBe(true);
    expect(all.figures.skills.length).toBeGreaterThan(1);
    const schools = (await get('/api/web-report/filters', school)).schools;
    expect(schools).toHaveLength(1);
    const rounds = filters.rounds.filter((r: { platform_id: number }) => r.platform_id === ira).slice(0, 2);
    const byRound = await get(
      `/api/web-report/results?platform_id=${ira}&round_id[]=${rounds[0].id}&round_id[]=${rounds[1].id}&show_comparative=1`,
      admin,
    );
    expect(byRound.comparative.groups.map((g: { figures: { results: number } }) => g.figures.results)).toEqual([
      24, 24,
    ]);
    // Both rounds on the reading scale: every reading result measured, its levels from the Grade 5 cuts,
    // and the rounds' means on one scale (the web report's growth).
    const [reading] = all.figures.scales;
    expect(reading).toMatchObject({ name_en: 'Reading scale', measured: 48, leveled: 48 });
    expect(reading.levels.map((level: { key: string }) => level.key)).toEqual([
      'below',
      'approaching',
      'meeting',
      'exceeding',
    ]);
    expect(reading.levels.reduce((sum: number, level: { count: number }) => sum + level.count, 0)).toBe(48);
    const means = byRound.comparative.groups.map(
      (g: { figures: { scales: { mean_score: number }[] } }) => g.figures.scales[0].mean_score,
    );
    expect(means.every((mean: number) => mean > 150 && mean < 250)).toBe(true);
    // A school user's scale figures are their school's alone, as every other figure.
    const own = await get(`/api/web-report/results?platform_id=${ira}`, school);
    expect(own.figures.scales[0].measured).toBe(own.figures.results);
    expect(own.figures.results).toBeLessThan(all.figures.results);
    const exam = await t.db
      .selectFrom('exams')
      .select(['id', 'grade_id', 'round_id'])
      .where('name_en', 'like', 'Arabic Reading Benchmark, Grade 5%')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const board = await get(
      `/api/web-report/results?platform_id=${ira}&round_id[]=${exam.round_id}&grade_id[]=${exam.grade_id}`,
      school,
    );
    expect(board.leaderboard.top).toHaveLength(10);
    expect(board.leaderboard.lowest.length).toBeGreaterThan(0);
    const analysis = await get(`/api/exams/${exam.id}/item-analysis`, author);
    expect(analysis.exam.attempts).toBe(24);
    expect(analysis.exam.alpha).not.toBeNull();
    expect(analysis.items.some((item: { options: unknown }) => item.options !== null)).toBe(true);
  });
});
