import { z } from 'zod';
import { listMeta } from './records';
import { statusEntry } from './correction';

const named = z.object({ id: z.number(), name_en: z.string(), name_ar: z.string() }).strict();
const wallTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

/** A step of the drill-down's breadcrumbs (SPEC section 3): its label in both languages and its console path. */
export const breadcrumb = z.object({ label_en: z.string(), label_ar: z.string(), path: z.string() }).strict();
export type Breadcrumb = z.infer<typeof breadcrumb>;

/** A drill-down list: the list dialect plus the breadcrumbs of where it is. */
export const drillDownOf = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ data: z.array(item), meta: listMeta, breadcrumbs: z.array(breadcrumb) }).strict();

/** Where a school's report migration stands. */
export const migrationState = z
  .object({
    status: statusEntry,
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    results: z.number(),
  })
  .strict();

/** `GET /api/schools/status`: per school, its correction status, its reports and its report migration. */
export const schoolStatus = z
  .object({
    school_id: z.number(),
    correction_status: statusEntry,
    report_status: statusEntry,
    reports_count: z.number(),
    migration: migrationState,
    students_count: z.number(),
    exams_count: z.number(),
  })
  .strict();
export type SchoolStatus = z.infer<typeof schoolStatus>;

/** `GET /api/schools/{id}/grades`: a grade with students at the school. */
export const schoolGrade = z
  .object({
    id: z.number(),
    name_en: z.string(),
    name_ar: z.string(),
    school_id: z.number(),
    classes_count: z.number(),
    students_count: z.number(),
    correction_status: statusEntry,
    report_status: statusEntry,
  })
  .strict();
export type SchoolGrade = z.infer<typeof schoolGrade>;

/** `GET /api/schools/{id}/grades/{gradeId}/students`: a student of the school in that grade. */
export const schoolStudent = z
  .object({
    id: z.number(),
    name: z.string(),
    gender: z.enum(['male', 'female']).nullable(),
    nationality: z.string().nullable(),
    school_id: z.number(),
    grade_id: z.number(),
    school_class: named,
    exams_count: z.number(),
    submitted_count: z.number(),
    corrected_count: z.number(),
  })
  .strict();
export type SchoolStudent = z.infer<typeof schoolStudent>;

/** One of a student's exams (`/api/students/{id}/exams` and the profile) with its statuses and result. */
export const studentExamRow = z
  .object({
    id: z.number(),
    exam: named,
    round: named.nullable(),
    academic_year: named.nullable(),
    is_mock: z.boolean(),
    start_date_time: wallTime.nullable(),
    end_date_time: wallTime.nullable(),
    submitted_at: z.string().nullable(),
    exam_status: statusEntry,
    correction_status: statusEntry.nullable(),
    /** The mark on the exam's scale (`total_mark`), and pass or fail, once corrected. */
    total: z.number().nullable(),
    total_mark: z.number(),
    pass_mark: z.number(),
    passed: z.boolean().nullable(),
    /** The student's report of this exam, once one was made. */
    report: z.object({ id: z.number(), status: statusEntry }).strict().nullable(),
  })
  .strict();
export type StudentExamRow = z.infer<typeof studentExamRow>;

/** `GET /api/students/{id}/profile`: the student, their classes and every exam with status and results. */
export const studentProfile = z
  .object({
    student: z
      .object({
        id: z.number(),
        name: z.string(),
        gender: z.enum(['male', 'female']).nullable(),
        nationality: z.string().nullable(),
        school: named,
        grade: named,
        level: named.nullable(),
      })
      .strict(),
    classes: z.array(named.extend({ grade_id: z.number() }).strict()),
    exams: z.array(studentExamRow),
    breadcrumbs: z.array(breadcrumb),
  })
  .strict();
export type StudentProfile = z.infer<typeof studentProfile>;
