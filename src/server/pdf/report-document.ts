import type { PerformanceLevel } from '../../common/reports/index';
import type { TierKey } from '../../common/reports/tiers';

/**
 * What a score line or total is labelled by: its tier from the percentage, or, where the skill's
 * reporting scale has cut scores for the grade or level and the student is measured on it, their
 * performance level (issue 42).
 */
export type AttainmentKey = TierKey | PerformanceLevel;

/**
 * What a report PDF shows, already in its language: every label translated and every number and
 * date formatted by the server, so the Typst template only lays it out. It reaches the template as
 * JSON through `sys.inputs.data`, never by string interpolation.
 */
export interface ReportDocument {
  kind: 'student' | 'class' | 'grade' | 'school';
  lang: 'en' | 'ar';
  /** The document's title (also the PDF's metadata title): "Student Report". */
  title: string;
  /** On every page: the school and the platform. */
  header: { school: string; platform: string };
  /** "Page" and "of", for the page numbers in the footer. */
  page_label: { page: string; of: string };
  /** Key facts under the title: student, school, class, exam, round, academic year, date. */
  facts: Fact[];
  /** Section headings and column headings, translated. */
  labels: ReportLabels;
  /** The three tiers' names, for the charts' legend. */
  tier_names: Record<TierKey, string>;
  /** The performance levels' names, when a line is labelled by one: the legend shows them too. */
  level_names?: Record<PerformanceLevel, string>;
  /** Student report: the total, its tier, pass or fail, and the class's and the school's averages beside it. */
  total?: Total;
  /** Student report: per skill; group reports: the average per skill. */
  skills: ScoreRow[];
  /** Student report: the headings of the averages shown beside each skill's percent (class, school). */
  skill_averages?: string[];
  /** Student report: per learning outcome, when the exam covers several. */
  outcomes?: ScoreRow[];
  /** Group reports: participation figures. */
  participation?: Figure[];
  /** Group reports: how many students in each tier. */
  tiers?: TierCount[];
  /**
   * Scaled scores and growth on each reporting scale the exam is calibrated on (issue 42), against
   * the previous round of the same exam series when there is one; `unavailable` says why there is
   * no comparison (no calibration places the exam on a scale) instead of subtracting percentages.
   */
  growth?: { previous_round: string | null; scales: ScaleGrowth[]; unavailable?: string };
  /** Grade report: its classes side by side. */
  classes?: ClassComparison;
  /** Class and school reports: the students with their marks and tiers. */
  students?: StudentRow[];
  /** Shown when a group has no corrected results yet. */
  empty_message?: string;
  /** What the figures are, under the facts: an adaptive exam's reports are on the scale, not in marks. */
  note?: string;
}

export interface Total {
  /** "86.96 / 100"; an adaptive exam's scaled score with its error, "213 ± 7.6". */
  value: string;
  /** Pass or fail (none for an adaptive exam). */
  result?: string;
  passed?: boolean;
  /** None for an adaptive exam whose scale has no cut scores for the grade or level. */
  tier?: AttainmentKey;
  tier_name?: string;
  /** The class average and the school average, in the total's format. */
  averages: Figure[];
}

export interface Fact {
  label: string;
  value: string;
  /**
   * The value is Latin text (a Latin name, a date or a number in an Arabic report): the template
   * isolates it so the bidirectional algorithm cannot reorder it with its neighbours.
   */
  ltr?: boolean;
}

export interface ScoreRow {
  name: string;
  /** "7.5 / 10". */
  score: string;
  /** 0 to 100: the bar's length. */
  percent: number;
  /** "75%" formatted for the language. */
  percent_text: string;
  tier: AttainmentKey;
  tier_name: string;
  /** Student report: the class's and the school's average percent of the same skill. */
  averages?: string[];
}

export interface Figure {
  label: string;
  value: string;
}

export interface TierCount {
  tier: AttainmentKey;
  name: string;
  count: string;
  /** 0 to 100: the bar's length. */
  percent: number;
  percent_text: string;
}

/** One scale's table: its name, what its figures mean, and its lines. */
export interface ScaleGrowth {
  name: string;
  note: string;
  rows: GrowthRow[];
}

export interface GrowthRow {
  /** The scale (a student report), the group, or a student. */
  name: string;
  /** "213 ± 7.6", or a group's mean scaled score. */
  current: string;
  previous: string;
  /** "+9 ± 10.6", or a group's mean change with its 95% interval: "+6 (+2 to +10)". */
  change: string;
  /** "No measurable change", or how many of a group changed measurably. */
  reading: string;
  /** The performance level now (a group: how many meet the expectation or exceed it), where the scale has cuts. */
  level?: string;
  /** The group's line, set apart from its students'. */
  group?: boolean;
}

export interface StudentRow {
  name: string;
  /** The student's class (school reports). */
  group?: string;
  /** "86.96 / 100"; an adaptive exam's scaled score with its error. */
  mark: string;
  /** None for an adaptive exam whose scale has no cut scores for the grade or level. */
  tier?: AttainmentKey;
  tier_name?: string;
  /** Pass or fail (none for an adaptive exam). */
  result?: string;
}

export interface ClassComparison {
  /** The skills' names: the columns of the per-skill table. */
  skills: string[];
  rows: ClassRow[];
}

export interface ClassRow {
  name: string;
  /** How many students of the class have a result. */
  students: string;
  /** The class's average percent. */
  average: string;
  /** How many of its students are in each tier (none for an adaptive exam). */
  tiers?: Record<TierKey, string>;
  /** The average percent of each skill, in the order of `ClassComparison.skills` ("—" without results). */
  skills: string[];
}

export interface ReportLabels {
  total: string;
  overall: string;
  mark: string;
  result: string;
  skills: string;
  skill: string;
  score: string;
  percent: string;
  tier: string;
  outcomes: string;
  outcome: string;
  chart: string;
  participation: string;
  average_per_skill: string;
  distribution: string;
  students: string;
  student: string;
  group: string;
  growth: string;
  current_round: string;
  previous_round: string;
  change: string;
  reading: string;
  level: string;
  count: string;
  tier_legend: string;
  class_average: string;
  school_average: string;
  classes: string;
  class_skills: string;
  average: string;
}
