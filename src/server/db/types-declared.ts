import type academicYears from '../../../schemas/academic-years';
import type cognitiveLevels from '../../../schemas/cognitive-levels';
import type depthOfKnowledges from '../../../schemas/depth-of-knowledges';
import type difficultyLevels from '../../../schemas/difficulty-levels';
import type durations from '../../../schemas/durations';
import type examTypes from '../../../schemas/exam-types';
import type exams from '../../../schemas/exams';
import type grades from '../../../schemas/grades';
import type learningOutcomes from '../../../schemas/learning-outcomes';
import type levels from '../../../schemas/levels';
import type platforms from '../../../schemas/platforms';
import type questionTypes from '../../../schemas/question-types';
import type questionsBank from '../../../schemas/questions-bank';
import type rounds from '../../../schemas/rounds';
import type schoolClasses from '../../../schemas/school-classes';
import type schools from '../../../schemas/schools';
import type skills from '../../../schemas/skills';
import type students from '../../../schemas/students';
import type users from '../../../schemas/users';
import type ssoProviders from '../../../schemas/sso-providers';
import type { ColumnType } from 'kysely';
import type { DeclaredTable, JoinTable } from './declared-tables';
import type ltiPlatforms from '../../../schemas/lti-platforms';
import type scaleCuts from '../../../schemas/scale-cuts';
import type scales from '../../../schemas/scales';

/**
 * The tables of declared resources, their columns derived from the declarations (a field added to
 * a schema needs no edit here); only the columns a declaration does not hold are written out.
 * `npm run new:resource` adds a line for a new resource.
 */
export interface DeclaredTables {
  lti_platforms: DeclaredTable<typeof ltiPlatforms>;
  scale_cuts: DeclaredTable<typeof scaleCuts>;
  /** `anchor_calibration_id`: the calibration that fixed the scale's origin (its constants are locked from then). */
  scales: DeclaredTable<typeof scales> & {
    anchor_calibration_id: ColumnType<number | null, number | null | undefined, number | null>;
  };
  academic_years: DeclaredTable<typeof academicYears>;
  cognitive_levels: DeclaredTable<typeof cognitiveLevels>;
  depth_of_knowledges: DeclaredTable<typeof depthOfKnowledges>;
  difficulty_levels: DeclaredTable<typeof difficultyLevels>;
  durations: DeclaredTable<typeof durations>;
  exam_types: DeclaredTable<typeof examTypes>;
  exams: DeclaredTable<typeof exams> & {
    created_by: number | null;
    /** An adaptive exam's calibration of its scale when it was published (issue 43): the parameters it measures with. */
    adaptive_calibration_id: number | null;
    /** Sympson–Hetter's control probabilities, by exam question id, computed when it was published (issue 43). */
    adaptive_exposure_rates: ColumnType<Record<string, number> | null, string | null | undefined, string | null>;
  };
  exam_skills: JoinTable<(typeof exams)['fields']['skill_ids']>;
  grades: DeclaredTable<typeof grades>;
  learning_outcomes: DeclaredTable<typeof learningOutcomes>;
  levels: DeclaredTable<typeof levels>;
  platforms: DeclaredTable<typeof platforms>;
  question_types: DeclaredTable<typeof questionTypes>;
  questions: DeclaredTable<typeof questionsBank> & { created_by: number | null };
  rounds: DeclaredTable<typeof rounds>;
  school_classes: DeclaredTable<typeof schoolClasses>;
  /** `rolled_over_at`: when its students last moved up a year (the rollover). */
  schools: DeclaredTable<typeof schools> & {
    rolled_over_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  };
  skills: DeclaredTable<typeof skills>;
  /** `user_id`: the student's account; `student_number` has a default (`N` and a sequence) for scripts. */
  students: Omit<DeclaredTable<typeof students>, 'student_number'> & {
    user_id: number | null;
    /** The student's own display preferences in the player (text size, contrast). */
    player_preferences: ColumnType<unknown, string | undefined, string>;
    student_number: ColumnType<string, string | undefined, string>;
    /** When they stopped being active (kept by the database), and when their personal data was erased (issue 45). */
    left_at: ColumnType<Date | null, never, never>;
    erased_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  };
  /** `email`: null for student accounts, which sign in with their `username` instead. */
  users: Omit<DeclaredTable<typeof users>, 'email'> & {
    email: string | null;
    username: string | null;
    password_hash: string;
    last_login_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    /** The key a student's browser seals their unsent work with (issue 39): made at its first ask. */
    work_key: ColumnType<Buffer | null, Buffer | null | undefined, Buffer | null>;
    /** A staff account's TOTP secret (base32), the one being enrolled, when it was enabled, and its last code's time step (issue 46). */
    mfa_secret: ColumnType<string | null, string | null | undefined, string | null>;
    mfa_pending_secret: ColumnType<string | null, string | null | undefined, string | null>;
    mfa_enabled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    mfa_last_step: ColumnType<number | null, number | null | undefined, number | null>;
  };
  user_schools: JoinTable<(typeof users)['fields']['school_ids']>;
  sso_providers: DeclaredTable<typeof ssoProviders>;
}
