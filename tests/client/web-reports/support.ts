import { http, HttpResponse } from 'msw';
import type { WebReportFilters, WebReportResults } from '../../../src/common/contracts/index';
import { AREAS, listPermissions } from '../../../src/common/permission-catalog';
import { permissionFor } from '../../../src/common/permissions';
import { makeUser, signIn } from '../support/fixtures';
import { servePlatforms } from '../support/resources';
import { recorder, server } from '../support/server';

export const VIEWER = listPermissions(AREAS.webReports);
export const ADMIN = [...VIEWER, permissionFor(AREAS.webReports, 'generate')];

export function signInWith(permissions: string[]) {
  signIn(makeUser(permissions));
  servePlatforms();
}

const named = (id: number, en: string, ar: string) => ({ id, name_en: en, name_ar: ar });

export const FILTERS: WebReportFilters = {
  platforms: [named(1, 'International Reading Assessment', 'التقييم الدولي للقراءة')],
  schools: [named(1, 'Al Noor School', 'مدرسة النور'), named(2, 'Al Amal School', 'مدرسة الأمل')],
  academic_years: [named(1, '2026-2027', '2026-2027')],
  rounds: [
    { ...named(1, 'Round 1', 'الجولة الأولى'), platform_id: 1 },
    { ...named(2, 'Round 2', 'الجولة الثانية'), platform_id: 1 },
  ],
  grades: [{ ...named(3, 'Grade 5', 'الصف الخامس'), platform_id: 1 }],
  levels: [],
  can_refresh: false,
};

export const figures = (average: number, assigned = 24): WebReportResults['figures'] => ({
  participation: { schools: 2, subscribed: 30, assigned, completed: assigned - 2, non_submitters: 2 },
  average,
  results: 20,
  skills: [
    { ...named(1, 'Reading', 'القراءة'), average: 71.9, results: 20 },
    { ...named(2, 'Writing', 'الكتابة'), average: 65, results: 20 },
  ],
  tiers: [
    { key: 'below', count: 5, share: 25 },
    { key: 'within', count: 10, share: 50 },
    { key: 'above', count: 5, share: 25 },
  ],
  // The reading scale: a mean that rises with the average, so rounds read apart.
  scales: [
    {
      ...named(4, 'IRA reading scale', 'مقياس القراءة'),
      measured: 20,
      mean_score: 180 + Math.round(average / 4),
      leveled: 20,
      levels: [
        { key: 'below', count: 4, share: 20 },
        { key: 'approaching', count: 6, share: 30 },
        { key: 'meeting', count: 8, share: 40 },
        { key: 'exceeding', count: 2, share: 10 },
      ],
    },
  ],
});

export const RESULTS: WebReportResults = {
  refreshed_at: '2026-11-24T02:00:00.000Z',
  figures: figures(67.2),
  leaderboard: null,
  leaderboard_message: 'Choose exactly one school, one round and one grade to see the leaderboard.',
  comparative: null,
  comparative_message: null,
};

/** Serves the filters and answers each results request with `answer(query)`; records the queries. */
export function serveWebReports(
  answer: (query: URLSearchParams) => WebReportResults = () => RESULTS,
  filters: WebReportFilters = FILTERS,
) {
  const asked = recorder();
  server.use(
    http.get('*/api/web-report/filters', () => HttpResponse.json({ data: filters })),
    http.get('*/api/web-report/results', ({ request }) => {
      asked.record(request);
      return HttpResponse.json({ data: answer(new URL(request.url).searchParams) });
    }),
  );
  return asked;
}
