import type { CalibrationTables } from './types-calibrations';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { WebReportTables } from './types-web-reports';
import type { ThrottlingTables } from './types-throttling';
import type { LtiTables } from './types-lti';
import type { AuditTables } from './types-audit';
import type { ImportTables, RosterTables } from './types-roster';
import type { CreatedAt, Timestamp } from './declared-tables';
import type { DeclaredTables } from './types-declared';

export interface RolesTable {
  id: Generated<number>;
  role: string;
  name: string;
  name_ar: string;
}

/** A permission an administrator took from a role: startup never gives it back (issue 41). */
export interface RolePermissionRemovalsTable {
  role_id: number;
  permission_id: number;
}

export interface PermissionsTable {
  id: Generated<number>;
  permission: string;
}

export interface RolePermissionsTable {
  role_id: number;
  permission_id: number;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface SessionsTable {
  /** SHA-256 of the cookie value: a leaked table does not leak usable sessions. */
  id_hash: string;
  user_id: number;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
  /** The single sign-on provider the session was opened through (its sign-out ends the provider's too). */
  sso_provider_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface DemoRequestsTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  institute: string;
  email: string;
  country: string;
  language: string;
  created_at: CreatedAt;
}

export interface MediaTable {
  id: Generated<number>;
  file_name: string;
  original_name: string;
  label: string;
  kind: 'image' | 'audio' | 'document';
  mime: string;
  size: number;
  owner_id: number | null;
  created_at: CreatedAt;
}

/** An exam's copy of a bank question: the question's columns, its exam, its source and place. */
export type ExamQuestionsTable = DeclaredTables['questions'] & {
  exam_id: number;
  source_question_id: number | null;
  position: number;
};

export interface ExamLocalizationsTable {
  id: Generated<number>;
  exam_id: number;
  name: string;
  countries: ColumnType<unknown, string | undefined, string>;
  translations: ColumnType<unknown, string | undefined, string>;
  is_published: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface StudentExamsTable {
  id: Generated<number>;
  exam_id: number;
  student_id: number;
  exam_localization_id: number | null;
  status: Generated<string>;
  /** The first start of any attempt: a started exam keeps its record (exam rules). */
  started_at: Timestamp | null;
  deadline_at: Timestamp | null;
  submitted_at: Timestamp | null;
  /** The assignment's window, inside the exam's own. */
  start_date_time: Timestamp | null;
  end_date_time: Timestamp | null;
  show_answers: Generated<boolean>;
  shuffle_choices: Generated<boolean>;
  shuffle_questions: Generated<boolean>;
  assigned_by: number | null;
  /** Stands for the student when the exam's marking is anonymous: unique within the exam, random. */
  marking_code: Generated<string>;
  /** Where the student was placed when assigned (a trigger fills it): reports of the round keep it. */
  school_id: Generated<number | null>;
  school_class_id: Generated<number | null>;
  grade_id: Generated<number | null>;
  level_id: Generated<number | null>;
  /** The student's extra time for this assignment alone (null: their own accommodation). */
  extra_time_minutes: number | null;
  extra_time_percent: number | null;
  extra_time_reason: string | null;
  /** `manual`: results wait for an author or admin; `after_close`: released once the window has closed. */
  release_mode: Generated<'manual' | 'after_close'>;
  released_at: Timestamp | null;
  released_by: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ExamAttemptsTable {
  id: Generated<number>;
  student_exam_id: number;
  number: number;
  status: Generated<'in_progress' | 'submitted'>;
  seed: string;
  started_at: Timestamp;
  deadline_at: Timestamp;
  submitted_at: Timestamp | null;
  auto_submitted: Generated<boolean>;
  score: ColumnType<string | null, number | null | undefined, number | null>;
  max_score: ColumnType<string | null, number | null | undefined, number | null>;
  needs_correction: Generated<boolean>;
  /** Plays of each question's media so far: `{question id: count}` (replay limits survive a reload). */
  media_plays: ColumnType<Record<string, number>, string | undefined, string>;
  /** The questions the student flagged for review (their ids), so the flags follow them to another computer. */
  flags: ColumnType<number[], string | undefined, string>;
  /** Parts a human marks, how many have a final mark, whether marking began, whether one waits for a deciding mark. */
  marking_total: Generated<number>;
  marking_final: Generated<number>;
  marking_started: Generated<boolean>;
  needs_deciding: Generated<boolean>;
  correction_version: Generated<number>;
  /** The result once every part has its final mark. */
  result_score: ColumnType<string | null, number | null | undefined, number | null>;
  result_max: ColumnType<string | null, number | null | undefined, number | null>;
  result_mark: ColumnType<string | null, number | null | undefined, number | null>;
  result_passed: boolean | null;
  skill_scores: ColumnType<unknown, string | null | undefined, string | null>;
  /** With the result: each question's final score, `question:score;...` (item analysis reads these). */
  item_scores: string | null;
  /** At submission: each choice question's choice, `question:choice;...`. */
  item_choices: string | null;
  corrected_at: Timestamp | null;
  /** The extra time its deadline holds: the accommodation at its start and every extension since. */
  extra_seconds: Generated<number>;
  /** The supervisor who submitted it (a forced submission). */
  forced_by: number | null;
  /** An adaptive attempt's measure at submission (issue 43): its scale, Warm's estimate and its SE. */
  scale_id: number | null;
  ability: number | null;
  ability_se: number | null;
  adaptive_finished_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** An adaptive attempt's questions in the order the server chose them, with the ability each was chosen at. */
export interface AdaptiveStepsTable {
  attempt_id: number;
  position: number;
  exam_question_id: number;
  ability: number;
  se: number;
  created_at: CreatedAt;
}

/** What the exam-day monitor knows of a running attempt beyond its row (written in batches). */
export interface AttemptPresenceTable {
  attempt_id: number;
  last_seen_at: Timestamp | null;
  last_saved_at: Timestamp | null;
  answered: Generated<number>;
  /** Answers its computer kept unsent when it last said (null: it has not said). */
  unsent: number | null;
}

export interface AttemptAnswersTable {
  attempt_id: number;
  question_id: number;
  answer: ColumnType<unknown, string | null, string | null>;
  /** The client's per-question sequence number: a save with a lower or equal one changes nothing. */
  seq: number;
  score: ColumnType<string | null, number | null | undefined, number | null>;
  needs_manual: Generated<boolean>;
  saved_at: Timestamp;
}

/** The side a person took of an anonymously marked exam while its marking was open: by name or by code. */
export interface AnonymousMarkingSidesTable {
  exam_id: number;
  user_id: number;
  side: 'name' | 'code';
  taken_at: ColumnType<Date, Date | undefined, never>;
}

export interface AnonymityLiftsTable {
  exam_id: number;
  lifted_by: number | null;
  lifted_at: ColumnType<Date, Date | undefined, never>;
  reason: string;
}

export interface CorrectionSheetsTable {
  attempt_id: number;
  /** 1: the marker (first of two under double marking), 2: the second, 3: the deciding marker. */
  slot: number;
  marker_id: number | null;
  version: Generated<number>;
  /** What this sheet's marks alone give: the parts it marks, and its result once it marks them all. */
  marked_count: Generated<number>;
  result_score: ColumnType<string | null, number | null | undefined, number | null>;
  result_mark: ColumnType<string | null, number | null | undefined, number | null>;
  result_passed: boolean | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface CorrectionMarksTable {
  attempt_id: number;
  slot: number;
  question_id: number;
  /** '' for the whole question; a related question's id inside a paragraph. */
  part: Generated<string>;
  mark: ColumnType<string | null, number | null | undefined, number | null>;
  comment: string | null;
  /** Why an automatic score was overridden. */
  reason: string | null;
  updated_at: Timestamp;
}

export interface CorrectionAuditTable {
  id: Generated<number>;
  attempt_id: number;
  question_id: number;
  part: Generated<string>;
  slot: number;
  user_id: number | null;
  user_name: string;
  old_mark: ColumnType<string | null, number | null | undefined, number | null>;
  new_mark: ColumnType<string | null, number | null | undefined, number | null>;
  old_comment: string | null;
  new_comment: string | null;
  reason: string | null;
  created_at: CreatedAt;
}

type Decimal = ColumnType<string | number, number, number>;

/** The reporting table: an assignment's corrected result, moved in by its school's report migration. */
export interface ReportResultsTable {
  id: Generated<number>;
  student_exam_id: number;
  attempt_id: number;
  exam_id: number;
  platform_id: number;
  round_id: number;
  academic_year_id: number | null;
  school_id: number;
  school_class_id: number;
  grade_id: number;
  level_id: number | null;
  student_id: number;
  gender: string | null;
  nationality: string | null;
  score: Decimal;
  max_score: Decimal;
  mark: Decimal;
  percent: Decimal;
  passed: boolean;
  tier: string;
  skill_scores: ColumnType<unknown, string, string>;
  outcome_scores: ColumnType<unknown, string, string>;
  submitted_at: Timestamp | null;
  corrected_at: Timestamp | null;
  migrated_at: Timestamp;
}

export interface SchoolReportMigrationsTable {
  school_id: number;
  status: 'migrating' | 'migrated' | 'failed';
  started_at: Timestamp;
  finished_at: Timestamp | null;
  results: Generated<number>;
  error: string | null;
}

export interface ReportsTable {
  id: Generated<number>;
  name: string;
  type: number;
  platform_id: number;
  exam_id: number;
  school_id: number;
  grade_id: number | null;
  school_class_id: number | null;
  student_id: number | null;
  round_id: number;
  academic_year_id: number | null;
  language: 'en' | 'ar' | 'both';
  country: string | null;
  status: number;
  scope_key: string;
  file_name: string;
  error: string | null;
  created_by: number | null;
  generated_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface Database
  extends
    DeclaredTables,
    CalibrationTables,
    WebReportTables,
    ThrottlingTables,
    LtiTables,
    AuditTables,
    RosterTables,
    ImportTables {
  roles: RolesTable;
  permissions: PermissionsTable;
  role_permissions: RolePermissionsTable;
  role_permission_removals: RolePermissionRemovalsTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  demo_requests: DemoRequestsTable;
  media: MediaTable;
  exam_questions: ExamQuestionsTable;
  exam_localizations: ExamLocalizationsTable;
  student_exams: StudentExamsTable;
  exam_attempts: ExamAttemptsTable;
  adaptive_steps: AdaptiveStepsTable;
  attempt_answers: AttemptAnswersTable;
  attempt_presence: AttemptPresenceTable;
  correction_sheets: CorrectionSheetsTable;
  anonymous_marking_sides: AnonymousMarkingSidesTable;
  anonymity_lifts: AnonymityLiftsTable;
  correction_marks: CorrectionMarksTable;
  correction_audit: CorrectionAuditTable;
  report_results: ReportResultsTable;
  school_report_migrations: SchoolReportMigrationsTable;
  reports: ReportsTable;
}

export type User = Selectable<Database['users']>;
export type NewUser = Insertable<Database['users']>;
