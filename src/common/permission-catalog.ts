import {
  areaPermission,
  permissionFor,
  RECORD_ACTIONS,
  ROLES,
  type ExtraAction,
  type RecordAction,
  type RoleName,
} from './permissions';

/**
 * The areas this build knows. Later features add their area here (and their
 * resource schemas add theirs through the schema registry).
 */
export const AREAS = {
  platforms: 'platforms',
  users: 'users',
  roles: 'roles',
  exams: 'exams',
  mockExams: 'mock-exams',
  examLocalizations: 'exam-localizations',
  questionsBank: 'questions-bank',
  studentExams: 'student-exams',
  corrections: 'corrections',
  /** "preview exam students": the assigned-students list of an exam. */
  examStudents: 'exam-students',
  /** "view student exam responses": a student's answers on the correction screen. */
  studentResponses: 'student-responses',
  /** The audit log of marks, per attempt (admins). */
  correctionAudits: 'correction-audits',
  schools: 'schools',
  /** Every school, not only one's own: staff linked to schools (school users) lack it and see theirs only. */
  allSchools: 'all-schools',
  reports: 'reports',
  /** The web report dashboards; `generate` refreshes their figures now (admins). */
  webReports: 'web-reports',
  /** The item analysis of an exam's questions (authors). */
  itemStatistics: 'item-statistics',
  demoRequests: 'demo-requests',
  /**
   * Bringing a roster in and out: imports (create), their templates and dry runs (view), exports and
   * login cards (download), password resets and the year's rollover (edit), within one's schools.
   */
  rosters: 'rosters',
  /**
   * Exam day: the live monitor of an exam (view) and the interventions on its attempts and the
   * per-assignment extra time (edit), within one's schools.
   */
  examMonitor: 'exam-monitor',
  /** Releasing an exam's results to its students and school staff (create), and withdrawing a release (delete). */
  resultReleases: 'result-releases',
  /** The one audit log of consequential actions (view) and its export (download): admins. */
  auditLog: 'audit-log',
  /**
   * A student's accommodation (extra time and its reason), on the form and through an import (edit):
   * administrators; school staff only when an administrator grants it to their role.
   */
  accommodations: 'accommodations',
  /** Lifting an anonymously marked exam's anonymity before its marking closes (edit): administrators. */
  anonymity: 'anonymity',
  /** Calibrating exams on a reporting scale (create) and reading the calibrations (view): authors and administrators. */
  calibrations: 'calibrations',
  /**
   * A student's personal data (issue 45): its export (download: administrators and school staff,
   * within their schools), its erasure (delete) and the retention rules' dry run (view): administrators.
   */
  personalData: 'personal-data',
} as const;

const ALL_AREAS = Object.values(AREAS);

/**
 * Areas only the administrator role may hold: who manages users and roles could make themselves
 * anything, and the audit log is not limited to a reader's schools.
 */
export const ADMIN_ONLY_AREAS: readonly string[] = [
  AREAS.users,
  AREAS.roles,
  AREAS.auditLog,
  // Single sign-on providers map a provider's groups to roles, administrators' too (issue 46).
  'sso-providers',
  // LTI platforms: a platform's launches sign students in (issue 46).
  'lti-platforms',
];

/** Areas with actions beyond the five record ones: exams are assigned to students. */
const EXTRA_ACTIONS: Record<string, readonly ExtraAction[]> = { [AREAS.exams]: ['assign'] };

/** Every permission string of an area: the five record actions, its extra ones and the two area-wide ones. */
export function permissionsOfArea(area: string): string[] {
  return [
    ...RECORD_ACTIONS.map((action) => permissionFor(area, action)),
    ...(EXTRA_ACTIONS[area] ?? []).map((action) => permissionFor(area, action)),
    areaPermission(area, 'view'),
    areaPermission(area, 'download'),
  ];
}

export function allPermissions(extraAreas: readonly string[] = []): string[] {
  return [...new Set([...ALL_AREAS, ...extraAreas].flatMap(permissionsOfArea))];
}

/** Seeing an area's list: the area-wide view permission or the record-level one (any one of them). */
export function listPermissions(area: string): string[] {
  return [areaPermission(area, 'view'), permissionFor(area, 'view')];
}

const view = listPermissions;
const manage = (area: string) => [
  ...view(area),
  permissionFor(area, 'create'),
  permissionFor(area, 'edit'),
  permissionFor(area, 'delete'),
];

type NonAdminRole = Exclude<RoleName, typeof ROLES.admin>;

/**
 * Default permission sets of the non-admin roles. The admin role holds every permission.
 * Startup adds any of these a role lacks and never removes one, so an operator's grants survive.
 * Authors read the lookup resources (`resourceAreas`: every schema but the admin-only ones such as
 * users) to build questions and exams. Users, roles and permissions are admin-only by default.
 */
export function defaultRolePermissions(resourceAreas: readonly string[] = []): Record<NonAdminRole, string[]> {
  const defaults = { ...DEFAULT_ROLE_PERMISSIONS };
  defaults[ROLES.author] = [...new Set([...defaults[ROLES.author], ...resourceAreas.flatMap(view)])];
  return defaults;
}

const DEFAULT_ROLE_PERMISSIONS: Record<NonAdminRole, string[]> = {
  [ROLES.author]: [
    ...view(AREAS.platforms),
    ...manage(AREAS.exams),
    permissionFor(AREAS.exams, 'assign'),
    ...view(AREAS.mockExams),
    ...manage(AREAS.examLocalizations),
    ...manage(AREAS.questionsBank),
    ...view(AREAS.schools),
    ...view(AREAS.allSchools),
    ...view(AREAS.reports),
    permissionFor(AREAS.reports, 'generate'),
    areaPermission(AREAS.reports, 'download'),
    ...view(AREAS.examStudents),
    ...view(AREAS.webReports),
    ...view(AREAS.itemStatistics),
    ...view(AREAS.calibrations),
    permissionFor(AREAS.calibrations, 'create'),
    ...view(AREAS.examMonitor),
    permissionFor(AREAS.examMonitor, 'edit'),
    ...view(AREAS.resultReleases),
    permissionFor(AREAS.resultReleases, 'create'),
    permissionFor(AREAS.resultReleases, 'delete'),
  ],
  [ROLES.corrector]: [
    ...view(AREAS.platforms),
    ...view(AREAS.exams),
    ...view(AREAS.studentExams),
    ...view(AREAS.examStudents),
    ...view(AREAS.studentResponses),
    ...manage(AREAS.corrections),
    ...view(AREAS.allSchools),
  ],
  [ROLES.school]: [
    ...view(AREAS.platforms),
    ...view(AREAS.schools),
    // Their schools' classes and students, and their roster, within their own schools only.
    ...view('school-classes'),
    // The grades and levels their classes and students are filed under (the forms' lists).
    ...view('grades'),
    ...view('levels'),
    permissionFor('school-classes', 'create'),
    permissionFor('school-classes', 'edit'),
    ...manage('students'),
    ...manage(AREAS.rosters),
    areaPermission(AREAS.rosters, 'download'),
    ...view(AREAS.reports),
    areaPermission(AREAS.reports, 'download'),
    ...view(AREAS.webReports),
    // Exam day in their own schools: the monitor (interventions are an operator's grant).
    ...view(AREAS.examMonitor),
    // A student's request to see what the platform holds on them, served by their school.
    areaPermission(AREAS.personalData, 'download'),
  ],
  [ROLES.student]: [
    ...view(AREAS.platforms),
    permissionFor(AREAS.studentExams, 'view'),
    permissionFor(AREAS.studentExams, 'edit'),
  ],
};

/**
 * The permissions a declaration's access rule names, any one of which is enough: `area` is seeing
 * its list (its view permissions), `area.download` its area-wide download, `area.<action>` one
 * record action (`student-exams.edit`).
 */
export function accessPermissions(access: readonly string[]): string[] {
  return [
    ...new Set(
      access.flatMap((rule) => {
        const [area, action] = rule.split('.') as [string, string | undefined];
        if (!action || action === 'view') return listPermissions(area);
        if (action === 'download') return [areaPermission(area, 'download')];
        return [permissionFor(area, action as RecordAction | ExtraAction)];
      }),
    ),
  ];
}
