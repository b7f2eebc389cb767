import { z } from 'zod';
import { idParam } from '../../common/ids';

const MAX_CHOICES = 100;

/**
 * A list of ids in the query string, sent as `school_id[]=1&school_id[]=2` (SPEC section 7), as a
 * repeated `school_id`, or as a comma list; at most 100.
 */
const idList = z.preprocess(
  (value) => {
    if (value === undefined || value === '') return undefined;
    const items = Array.isArray(value) ? value : [value];
    return items.flatMap((item) => (typeof item === 'string' ? item.split(',') : [item])).filter((item) => item !== '');
  },
  z.array(idParam()).max(MAX_CHOICES, { error: 'validation.invalid' }).optional(),
);

/** `GET /api/web-report/results`. */
export const webReportQuery = z
  .strictObject({
    'school_id[]': idList,
    school_id: idList,
    'academic_year_id[]': idList,
    academic_year_id: idList,
    'round_id[]': idList,
    round_id: idList,
    'grade_id[]': idList,
    grade_id: idList,
    platform_id: idParam().optional(),
    show_comparative: z.enum(['0', '1']).optional(),
  })
  .transform((query) => ({
    schoolIds: unique([...(query['school_id[]'] ?? []), ...(query.school_id ?? [])]),
    yearIds: unique([...(query['academic_year_id[]'] ?? []), ...(query.academic_year_id ?? [])]),
    roundIds: unique([...(query['round_id[]'] ?? []), ...(query.round_id ?? [])]),
    gradeIds: unique([...(query['grade_id[]'] ?? []), ...(query.grade_id ?? [])]),
    platformId: query.platform_id,
    comparative: query.show_comparative === '1',
  }));
export type WebReportQuery = z.output<typeof webReportQuery>;

function unique(ids: number[]): number[] {
  return [...new Set(ids)];
}
