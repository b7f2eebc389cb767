import { http, HttpResponse } from 'msw';
import type { ReportRecord, SchoolStatus, StatusEntry } from '../../../src/common/contracts/index';
import { AREAS, listPermissions } from '../../../src/common/permission-catalog';
import { areaPermission, permissionFor } from '../../../src/common/permissions';
import { makeUser, signIn } from '../support/fixtures';
import { listBody, servePlatforms } from '../support/resources';
import { server } from '../support/server';

/** An author's reach: schools and reports, generating and downloading them. */
export const AUTHOR_PERMISSIONS = [
  ...listPermissions(AREAS.schools),
  // Authors read every lookup resource, the students list's classes among them.
  ...listPermissions('school-classes'),
  ...listPermissions(AREAS.reports),
  permissionFor(AREAS.reports, 'generate'),
  areaPermission(AREAS.reports, 'download'),
];

export function signInAuthor(permissions = AUTHOR_PERMISSIONS) {
  signIn(makeUser(permissions));
  servePlatforms();
}

export const entry = (id: number, key: string, en: string, ar: string): StatusEntry => ({
  id,
  key,
  name_en: en,
  name_ar: ar,
});

export const SCHOOLS = [
  { id: 1, name: 'Al Noor School', name_en: 'Al Noor School', name_ar: 'مدرسة النور' },
  { id: 2, name: 'Al Amal School', name_en: 'Al Amal School', name_ar: 'مدرسة الأمل' },
];

export function schoolStatus(schoolId: number, overrides: Partial<SchoolStatus> = {}): SchoolStatus {
  return {
    school_id: schoolId,
    correction_status: entry(3, 'corrected', 'Corrected', 'صُحِّح'),
    report_status: entry(1, 'none', 'No reports', 'لا توجد تقارير'),
    reports_count: 0,
    migration: {
      status: entry(1, 'none', 'Not migrated', 'لم تُنقل'),
      started_at: null,
      finished_at: null,
      results: 0,
    },
    students_count: 16,
    exams_count: 2,
    ...overrides,
  };
}

export function serveSchools(statuses: SchoolStatus[] = SCHOOLS.map((s) => schoolStatus(s.id))) {
  server.use(
    http.get('*/api/schools', () => HttpResponse.json(listBody(SCHOOLS))),
    http.get('*/api/schools/status', () => HttpResponse.json({ data: statuses })),
  );
}

const named = (id: number, en: string, ar: string) => ({ id, name_en: en, name_ar: ar });

export function makeReport(overrides: Partial<ReportRecord> = {}): ReportRecord {
  return {
    id: 5,
    name: 'Layla Haddad — Reading Benchmark',
    file_name: 'Student_Report_Layla_Haddad_41_12.pdf',
    platform: named(1, 'International Reading Assessment', 'التقييم الدولي للقراءة'),
    type: entry(1, 'student', 'Student report', 'تقرير الطالب'),
    school: named(1, 'Al Noor School', 'مدرسة النور'),
    round: named(2, 'Round 2', 'الجولة الثانية'),
    grade: named(4, 'Grade 5', 'الصف الخامس'),
    school_class: named(6, 'Class A', 'الشعبة أ'),
    student: { id: 41, name: 'Layla Haddad' },
    academic_year: named(2, '2026-2027', '2026-2027'),
    language: 'both',
    exam_id: 12,
    exam: named(12, 'Reading Benchmark', 'الاختبار المعياري للقراءة'),
    country: null,
    modified_at: '2026-11-24T10:00:00.000Z',
    generated_at: '2026-11-24T10:00:00.000Z',
    status: entry(3, 'generated', 'Generated', 'تم الإنشاء'),
    ...overrides,
  };
}

export const REPORT_FILTERS = {
  types: [
    entry(1, 'student', 'Student report', 'تقرير الطالب'),
    entry(3, 'bundle', 'Student reports (ZIP)', 'تقارير الطلاب (ملف مضغوط)'),
  ],
  statuses: [entry(2, 'generating', 'Generating', 'جارٍ الإنشاء'), entry(3, 'generated', 'Generated', 'تم الإنشاء')],
  schools: [named(1, 'Al Noor School', 'مدرسة النور')],
  grades: [named(4, 'Grade 5', 'الصف الخامس')],
  classes: [named(7, '5 A · Al Noor School', '5 أ · مدرسة النور')],
  students: [] as ReturnType<typeof named>[],
  rounds: [named(2, 'Round 2', 'الجولة الثانية')],
  academic_years: [named(2, '2026-2027', '2026-2027')],
  skills: [named(9, 'Reading', 'القراءة')],
  genders: [
    { id: 'male', name_en: 'Male', name_ar: 'ذكر' },
    { id: 'female', name_en: 'Female', name_ar: 'أنثى' },
  ],
  nationalities: ['AE', 'JO'],
  countries: ['AE'],
};

/** A drill-down list's answer: one page of `data` and where it is. */
export const drillDown = <T>(data: T[], breadcrumbs: { label_en: string; label_ar: string; path: string }[]) => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 15, total: data.length, next_page: null, previous_page: null },
  breadcrumbs,
});
export const SCHOOLS_CRUMB = { label_en: 'Schools', label_ar: 'المدارس', path: '/schools-list' };
export const NOOR_CRUMB = { label_en: 'Al Noor School', label_ar: 'مدرسة النور', path: '/grades?school_id=1' };
export const GRADE_CRUMB = { label_en: 'Grade 5', label_ar: 'الصف الخامس', path: '/students?school_id=1&grade_id=4' };
