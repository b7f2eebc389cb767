import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../db/types';

/**
 * A student's roster values as imports compare them and exports write them (the date of birth as
 * `YYYY-MM-DD`, whatever the driver makes of a date): one select for both, so they cannot drift.
 */
export const studentValues = (_eb: ExpressionBuilder<Database, 'students'>) =>
  [
    'student_number',
    'name_en',
    'name_ar',
    'school_id',
    'school_class_id',
    'grade_id',
    'level_id',
    'gender',
    'nationality',
    sql<string | null>`to_char(date_of_birth, 'YYYY-MM-DD')`.as('date_of_birth'),
    'national_id',
    'is_active',
    'extra_time_percent',
    'extra_time_reason',
  ] as const;
