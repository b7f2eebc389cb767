import type { TierKey } from '../../common/reports/tiers';

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
  /** Student report: the total and pass or fail. */
  total?: { value: string; result: string; passed: boolean };
  /** Student report: per skill; group reports: the average per skill. */
  skills: ScoreRow[];
  /** Student report: per learning outcome, when the exam covers several. */
  outcomes?: ScoreRow[];
  /** Group reports: participation figures. */
  participation?: Figure[];
  /** Group reports: how many students in each tier. */
  tiers?: TierCount[];
  /** Group reports: the previous round of the same academic year, when there is one. */
  comparison?: { previous_round: string; rows: ComparisonRow[] };
  /** Group reports: the students with their tiers. */
  students?: StudentRow[];
  /** Shown when a group has no corrected results yet. */
  empty_message?: string;
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
  tier: TierKey;
  tier_name: string;
}

export interface Figure {
  label: string;
  value: string;
}

export interface TierCount {
  tier: TierKey;
  name: string;
  count: string;
  /** 0 to 100: the bar's length. */
  percent: number;
  percent_text: string;
}

export interface ComparisonRow {
  name: string;
  current: string;
  previous: string;
  /** "+4.5" or "−2", formatted. */
  change: string;
}

export interface StudentRow {
  name: string;
  /** The student's class (grade and school reports). */
  group?: string;
  score: string;
  percent_text: string;
  tier: TierKey;
  tier_name: string;
  result: string;
}

export interface ReportLabels {
  total: string;
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
  comparison: string;
  current_round: string;
  previous_round: string;
  change: string;
  count: string;
  tier_legend: string;
}
