/** What a report reads of a scale: the scale, its cuts, and the students measured on it. */

interface Named {
  id: number;
  name_en: string;
  name_ar: string;
}

/** A reporting scale as a report names it and reads it. */
export interface ReportScale extends Named {
  skill_id: number;
  score_origin: number;
  score_unit: number;
}

export interface ScaleCuts {
  approaching_from: number;
  meeting_from: number;
  exceeding_from: number;
}

/** The students of one exam measured on one scale, from the stored parameters of its calibrated questions. */
export interface ScaleReading {
  scale: ReportScale;
  /** The scale's cut scores for the exam's grade or level, when an administrator set them. */
  cuts: ScaleCuts | null;
  /** Each student's Warm estimate (logits) and its standard error. */
  abilities: Map<number, Ability>;
  /** The same, by the attempt it was measured on. */
  attempts: Map<number, Ability>;
}

export type Ability = { ability: number; se: number };
