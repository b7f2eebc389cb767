import { http, HttpResponse } from 'msw';
import { server } from './server';

export const PLATFORMS = [
  {
    id: 1,
    name: 'International Reading Assessment',
    name_en: 'International Reading Assessment',
    name_ar: 'التقييم الدولي للقراءة',
    identifier: 'IRA',
  },
  {
    id: 2,
    name: 'International Standards Assessment',
    name_en: 'International Standards Assessment',
    name_ar: 'تقييم المعايير الدولية',
    identifier: 'ISA',
  },
];

/** The API's list envelope for `records` on one page. */
export function listBody<T>(records: T[], perPage = 15) {
  return {
    data: records,
    meta: {
      current_page: 1,
      last_page: 1,
      per_page: perPage,
      total: records.length,
      next_page: null,
      previous_page: null,
      pages: [1],
    },
  };
}

/** `GET /api/platforms` answering with the two demo platforms; returns how often it was asked. */
export function servePlatforms(platforms = PLATFORMS) {
  const calls = { count: 0 };
  server.use(
    http.get('*/api/platforms', () => {
      calls.count += 1;
      return HttpResponse.json(listBody(platforms));
    }),
  );
  return calls;
}

/** A platform-scoped lookup record as the API returns it. */
export function lookupRecord(id: number, nameEn: string, nameAr: string, platformId = 1) {
  const platform = PLATFORMS.find((p) => p.id === platformId);
  return {
    id,
    name: nameEn,
    name_en: nameEn,
    name_ar: nameAr,
    platform_id: platformId,
    platform,
    created_at: '2025-01-01 10:00:00',
    updated_at: '2025-01-01 10:00:00',
  };
}
