/** The ten answer types, by the string id stored with each question. */
export const ANSWER_KINDS = [
  'single_choice',
  'multiple_choice',
  'true_false',
  'essay',
  'fill_blanks',
  'reordering',
  'matching',
  'audio_response',
  'categorizing',
  'paragraph',
] as const;

export type AnswerKind = (typeof ANSWER_KINDS)[number];

/** A paragraph's related questions may be of any kind except another paragraph. */
export const CHILD_KINDS = ANSWER_KINDS.filter(
  (kind): kind is Exclude<AnswerKind, 'paragraph'> => kind !== 'paragraph',
);

export type ChildKind = Exclude<AnswerKind, 'paragraph'>;

/** How a mark is awarded: everything right or nothing, or partial credit per correct part. */
export const MARK_OPTIONS = ['all_or_nothing', 'partial'] as const;

export type MarkOption = (typeof MARK_OPTIONS)[number];

/** Whether `value` is one of the ten kinds. */
export const isAnswerKind = (value: unknown): value is AnswerKind =>
  typeof value === 'string' && (ANSWER_KINDS as readonly string[]).includes(value);
