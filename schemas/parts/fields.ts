/**
 * The field vocabulary of declarations: what a field holds, its rules and messages (catalog keys),
 * never display text. Builders keep the literal facts a type needs (`required: false`, the
 * choices, the platforms), so a record's type, its form values and its contract are derived from
 * the declaration (src/common/declarations) rather than written again by hand.
 */
export type PlatformIdentifier = 'IRA' | 'ISA';

/** Catalog keys of a field's own messages (SPEC section 5); the generic ones otherwise. */
export interface FieldMessages {
  /** Missing, empty, or of the wrong type ("Exam name in English is required"). */
  required?: string;
  /** Present but out of range or otherwise not acceptable. */
  invalid?: string;
  /** Longer than the field allows. */
  tooLong?: string;
}

export interface FieldBase {
  /** Must be present and non-empty on save (SPEC section 5: every non-object field). */
  required: boolean;
  /** Shown and accepted only on platforms with these identifiers (learning outcomes: grade on IRA, level on ISA). */
  platforms?: readonly PlatformIdentifier[];
  messages?: FieldMessages;
  /** Taken when the field is left out. */
  default?: unknown;
  /** What a new record's form starts with, when not the default (an exam's pass mark starts at 50). */
  initial?: unknown;
  /**
   * Kept by the server's own actions (an exam's published flag, set by publish): shown, accepted
   * back from a record read and ignored, never written from a request body nor edited in a form.
   */
  managed?: boolean;
  /** Help under the input (a catalog key). */
  help?: string;
  /**
   * Edited only by holders of one of these access rules (`area.action`): shown to others, disabled
   * (a student's extra time: `accommodations.edit`). The server refuses the change too.
   */
  editableWith?: readonly string[];
  /**
   * Shown in a form only while another field holds one of these values (an exam's adaptive rules,
   * while its delivery mode is adaptive). The field is still stored and checked either way.
   */
  shownWhen?: { field: string; is: readonly string[] };
}

export interface TextField extends FieldBase {
  type: 'text';
  max: number;
  /** Rich text (bold and colour), sanitized on the server; "required" means some visible text. */
  rich?: boolean;
  /** The script the text is written in (an Arabic name), for its input's direction. */
  script?: 'ar' | 'latin';
  /**
   * Write-only (a provider's client secret): typed hidden, never sent back by the server (it reads
   * null), and left empty on an edit it keeps what is stored.
   */
  secret?: boolean;
  /** Typed on several lines (a mapping, one entry a line): the rows the input shows. */
  lines?: number;
}

export interface NumberField extends FieldBase {
  type: 'number';
  min: number;
  max: number;
  /** Decimal places allowed (a mark: 2); whole numbers when absent. */
  decimals?: number;
}

export interface ChoiceField extends FieldBase {
  type: 'choice';
  choices: readonly string[];
}

export interface EmailField extends FieldBase {
  type: 'email';
}

export interface BooleanField extends FieldBase {
  type: 'boolean';
}

/** A country by its ISO 3166-1 alpha-2 code (a nationality), named in the reader's language. */
export interface CountryField extends FieldBase {
  type: 'country';
}

/** A calendar date, `YYYY-MM-DD` (a date of birth). */
export interface DateField extends FieldBase {
  type: 'date';
}

/** A wall-clock date and time, `YYYY-MM-DD HH:mm:ss` in the schools' time zone (stored as timestamptz). */
export interface DateTimeField extends FieldBase {
  type: 'datetime';
}

/** A `*_id` field: a dropdown loaded from the related resource, filtered by the platform. */
export interface ReferenceField extends FieldBase {
  type: 'reference';
  resource: string;
  /** Columns the referenced record must share with this one (a student's class is of their school and grade). */
  within?: readonly string[];
  /**
   * The form offers only the records that agree with its `within` columns (learning outcomes of the
   * chosen skill): the input waits, with this help (a catalog key), until they are chosen, and is
   * cleared when one of them changes.
   */
  narrow?: { help: string };
}

/**
 * Several records of another resource (`skill_ids`), stored in a join table; lists filter on it
 * as `filter[<filter>]` (`filter[skill_id]`).
 */
export interface ReferencesField extends FieldBase {
  type: 'references';
  resource: string;
  through: { table: string; column: string; owner: string };
  filter: string;
  min: number;
  max: number;
}

/** Free short labels (exam tags), stored as a JSON list. */
export interface TagsField extends FieldBase {
  type: 'tags';
  max: number;
  maxLength: number;
}

/** An uploaded file of one of these kinds, referenced by its stored name (`media/abc.png`). */
export interface MediaField extends FieldBase {
  type: 'media';
  kinds: readonly ('image' | 'audio' | 'document')[];
}

/** A question's answer definition: content and key, validated by its answer type (src/common/questions). */
export interface AnswerField extends FieldBase {
  type: 'answer';
}

export type FieldDefinition =
  | TextField
  | NumberField
  | ChoiceField
  | EmailField
  | BooleanField
  | CountryField
  | DateField
  | DateTimeField
  | ReferenceField
  | ReferencesField
  | TagsField
  | MediaField
  | AnswerField;

export type FieldType = FieldDefinition['type'];

/** The options of a builder: anything of the field but its type and the builder's own arguments. */
type Options<F, Args extends keyof F = never> = Partial<Omit<F, 'type' | Args>>;
/** `required` as the options say: true unless they say false. */
type Built<F, O> = Omit<F, keyof O | 'required'> &
  NoInfer<O> & { required: NoInfer<O> extends { required: false } ? false : true };

/* Field builders keep declarations short and uniform, and keep their literal facts for the types. */
export const text = <const O extends Options<TextField, 'max'> = object>(max = 255, options?: O) =>
  ({ type: 'text', max, required: true, ...options }) as unknown as Built<TextField, O>;

export const number = <const O extends Options<NumberField, 'min' | 'max'> = object>(
  min: number,
  max: number,
  options?: O,
) => ({ type: 'number', min, max, required: true, ...options }) as unknown as Built<NumberField, O>;

export const reference = <const R extends string, const O extends Options<ReferenceField, 'resource'> = object>(
  resource: R,
  options?: O,
) =>
  ({ type: 'reference', resource, required: true, ...options }) as unknown as Built<
    ReferenceField & { resource: R },
    O
  >;

export const choice = <const C extends readonly string[], const O extends Options<ChoiceField, 'choices'> = object>(
  choices: C,
  options?: O,
) => ({ type: 'choice', choices, required: true, ...options }) as unknown as Built<ChoiceField & { choices: C }, O>;

export const dateTime = <const O extends Options<DateTimeField> = object>(options?: O) =>
  ({ type: 'datetime', required: true, ...options }) as unknown as Built<DateTimeField, O>;

export const country = <const O extends Options<CountryField> = object>(options?: O) =>
  ({ type: 'country', required: true, ...options }) as unknown as Built<CountryField, O>;

export const date = <const O extends Options<DateField> = object>(options?: O) =>
  ({ type: 'date', required: true, ...options }) as unknown as Built<DateField, O>;

/** A switch: never required (left out, it is off). */
export const flag = <const O extends Options<BooleanField, 'required'> = object>(options?: O) =>
  ({ type: 'boolean', required: false, ...options }) as unknown as Built<BooleanField, O & { required: false }>;

export const media = <
  const K extends MediaField['kinds'],
  const O extends Options<MediaField, 'kinds' | 'required'> = object,
>(
  kinds: K,
  options?: O,
) =>
  ({ type: 'media', kinds, required: false, default: null, ...options }) as unknown as Built<
    MediaField & { kinds: K; default: null },
    O & { required: false }
  >;

/** The bilingual name pair every lookup has. */
export const bilingualName = { name_en: text(255, { script: 'latin' }), name_ar: text(255, { script: 'ar' }) } as const;
