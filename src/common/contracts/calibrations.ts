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
  refused: 'too_few_attempts' | 'too_few_anchors' | 'too_small_share' | null;
}

export interface Calibration {
  id: number;
  scale_id: number;
  method: 'origin' | 'linked';
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
