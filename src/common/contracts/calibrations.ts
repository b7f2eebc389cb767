/** A calibration on a reporting scale as the API presents it (issue 42). */
export interface CalibrationExam {
  exam_id: number;
  attempts: number;
  questions: number;
  calibrated: number;
  converged: boolean;
  iterations: number;
  reliability: number | null;
  sd: number | null;
  role: 'origin' | 'linked';
  /** Mean/mean linking's shift of its own calibration to the scale (the anchors' check). */
  shift: number;
  /** Its students' mean ability on the scale, from the fixed-parameter calibration (0 for the origin). */
  mean: number | null;
  link_se: number | null;
  /** Anchors by their exam question's id and its position in the exam (1 = first). */
  stable: { question_id: number; position: number; displacement: number }[];
  dropped: { question_id: number; position: number; displacement: number; robust_z: number | null }[];
  worst_infit: number | null;
  worst_outfit: number | null;
  /** `not_connected`: a concurrent calibration's exam shares no question with the others. */
  refused: 'too_few_attempts' | 'too_few_anchors' | 'too_small_share' | 'not_connected' | null;
}

export interface Calibration {
  id: number;
  scale_id: number;
  method: 'origin' | 'linked';
  /** Each exam placed in turn (`separate`), or all in one multiple-group calibration (`concurrent`). */
  design: 'separate' | 'concurrent';
  exam_ids: number[];
  status: 'queued' | 'running' | 'done' | 'refused' | 'failed';
  /** Exams calibrated so far, of `total`. */
  progress: number;
  total: number;
  exams: CalibrationExam[];
  /** Why it was refused or failed, in the reader's language. */
  message: string | null;
  created_at: string | Date;
  finished_at: string | Date | null;
}

/** A scale's ordered item booklet for one grade or level, beside its students' scaled scores (bookmark method). */
export interface BookmarkBooklet {
  scale: {
    id: number;
    name_en: string;
    name_ar: string;
    platform_id: number;
    score_origin: number;
    score_unit: number;
  };
  /** The response probability the questions are placed at. */
  rp: number;
  /** The bank's calibrated questions of the grade's exams, easiest first: `location` in scaled-score points. */
  items: { question_id: number; text: string; difficulty: number; location: number }[];
  /** The students' latest scaled scores, in bands. */
  students: { total: number; bins: { from: number; to: number; count: number }[] };
  /** The cuts set so far for this scale and grade or level. */
  cuts: { id: number; approaching_from: number; meeting_from: number; exceeding_from: number } | null;
}
