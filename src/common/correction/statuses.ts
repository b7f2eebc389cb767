/**
 * The two status lookups of the assigned-students list (SPEC sections 3 and 4), with stable ids:
 * where the student stands with the exam, and where its correction stands. Their names are the
 * catalog entries `correction.exam_statuses.{key}` and `correction.correction_statuses.{key}`.
 */
export const EXAM_STATUSES = [
  { id: 1, key: 'not_started' },
  { id: 2, key: 'in_progress' },
  { id: 3, key: 'submitted' },
  { id: 4, key: 'auto_submitted' },
  { id: 5, key: 'absent' },
] as const;

export const CORRECTION_STATUSES = [
  { id: 1, key: 'not_corrected' },
  { id: 2, key: 'in_progress' },
  { id: 3, key: 'corrected' },
] as const;

export type ExamStatusKey = (typeof EXAM_STATUSES)[number]['key'];
export type CorrectionStatusKey = (typeof CORRECTION_STATUSES)[number]['key'];

const idOf = <K extends string>(list: readonly { id: number; key: K }[]) =>
  Object.fromEntries(list.map((s) => [s.key, s.id])) as Record<K, number>;

export const EXAM_STATUS = idOf(EXAM_STATUSES);
export const CORRECTION_STATUS = idOf(CORRECTION_STATUSES);

/** The slots of a marker's sheet: the single (or first) marker, the second, the deciding one. */
export const MARKER_SLOTS = { first: 1, second: 2, deciding: 3 } as const;
export type MarkerSlot = (typeof MARKER_SLOTS)[keyof typeof MARKER_SLOTS];

/** The assigned-students list's category filters, named as the API names them (`filter[student.school_id]=1,2`). */
export const ASSIGNED_FILTER_KEYS = [
  'student.school_id',
  'student.school_class_id',
  'exam_status_id',
  'student_exam_status_id',
] as const;

/** What the assigned-students list sorts by. */
export const ASSIGNED_SORT_KEYS = [
  'id',
  'name',
  'school',
  'school_class',
  'start_date_time',
  'end_date_time',
  'exam_status_id',
  'student_exam_status_id',
  'total',
] as const;
