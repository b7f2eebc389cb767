import { z } from 'zod';
import { statusEntry } from './correction';

const named = z.object({ id: z.number(), name_en: z.string(), name_ar: z.string() }).strict();

/** `GET /api/reports`: one report record (SPEC section 3, Reports). `type` 3 is a ZIP bundle. */
export const reportRecord = z
  .object({
    id: z.number(),
    name: z.string(),
    file_name: z.string(),
    platform: named,
    type: statusEntry,
    school: named,
    round: named.nullable(),
    grade: named.nullable(),
    school_class: named.nullable(),
    student: z.object({ id: z.number(), name: z.string() }).strict().nullable(),
    academic_year: named.nullable(),
    language: z.enum(['en', 'ar', 'both']),
    exam_id: z.number(),
    exam: named,
    country: z.string().nullable(),
    modified_at: z.string(),
    generated_at: z.string().nullable(),
    status: statusEntry,
  })
  .strict();
export type ReportRecord = z.infer<typeof reportRecord>;

/** What a generation request queued, and what it could not. */
export const reportsQueued = z
  .object({
    message: z.string(),
    data: z
      .object({
        report_ids: z.array(z.number()),
        /** The schools or grades left out, each with why. */
        skipped: z.array(
          z.object({ school_id: z.number(), grade_id: z.number().nullable(), reason: z.string() }).strict(),
        ),
      })
      .strict(),
  })
  .strict();
export type ReportsQueued = z.infer<typeof reportsQueued>;

/**
 * `GET /api/reports/filters`: the choices of the report list's filters, within the user's schools.
 * A class is named with its school ("4 A · Al Noor School"); students are those of the classes in
 * `filter[school_class_id]` that have a report (none until a class is chosen: a school has thousands).
 */
export const reportFilters = z
  .object({
    types: z.array(statusEntry),
    statuses: z.array(statusEntry),
    schools: z.array(named),
    grades: z.array(named),
    classes: z.array(named),
    students: z.array(named),
    rounds: z.array(named),
    academic_years: z.array(named),
    skills: z.array(named),
    genders: z.array(z.object({ id: z.string(), name_en: z.string(), name_ar: z.string() }).strict()),
    nationalities: z.array(z.string()),
    countries: z.array(z.string()),
  })
  .strict();
export type ReportFilters = z.infer<typeof reportFilters>;
