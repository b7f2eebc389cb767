/**
 * The field vocabulary of resource schemas. A schema is plain data: no JSX and no display text.
 * Labels come from `resources.<name>.fields.<field>` in locales/*; messages are catalog keys.
 * From a declaration come the server's validator, list query and stored columns, the exam form's
 * lookup data, and the console's generic screens, filters and labels.
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

interface FieldBase {
  /** Must be present and non-empty on save (SPEC section 5: every non-object field). */
  required: boolean;
  /** Shown and accepted only on platforms with these identifiers (learning outcomes: grade on IRA, level on ISA). */
  platforms?: readonly PlatformIdentifier[];
  messages?: FieldMessages;
  /** Taken when the field is left out. */
  default?: unknown;
}

export interface TextField extends FieldBase {
  type: 'text';
  max: number;
  /** Rich text (bold and colour), sanitized on the server; "required" means some visible text. */
  rich?: boolean;
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

/** A wall-clock date and time, `YYYY-MM-DD HH:mm:ss` in the schools' time zone (stored as timestamptz). */
export interface DateTimeField extends FieldBase {
  type: 'datetime';
}

/** A `*_id` field: a dropdown loaded from the related resource, filtered by the platform. */
export interface ReferenceField extends FieldBase {
  type: 'reference';
  resource: string;
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
  | DateTimeField
  | ReferenceField
  | ReferencesField
  | TagsField
  | MediaField
  | AnswerField;

export type FieldType = FieldDefinition['type'];

/** Where a screen's menu link lives: the header (main) or a group of the Settings dropdown. */
export type MenuGroup = 'main' | 'exams_settings' | 'questions_settings' | 'system_settings';

/**
 * Which console screens come from this declaration (`generic`) and which are written by hand
 * (`custom`, with the pages they add: an exam's preview and localized exams).
 */
export interface Screens {
  list: 'generic' | 'custom';
  create: 'generic' | 'custom';
  edit: 'generic' | 'custom';
  /** Hand-written pages beyond list, create and edit. */
  pages?: readonly string[];
}

export interface ResourceDefinition {
  /** API path under /api, permission area and react-admin resource name, as the spec spells it. */
  name: string;
  table: string;
  /** Records belong to one platform: lists are filtered by it and the console shows the platform selector. */
  platformScoped: boolean;
  /** Where the screens live in the console. */
  menu: { group: MenuGroup; route: string };
  fields: Record<string, FieldDefinition>;
  list: {
    columns: readonly string[];
    sort: string;
    order: 'asc' | 'desc';
    search: readonly string[];
    /** Filters the console's list offers (every column can be filtered through the API). */
    filters?: readonly string[];
  };
  /** `name` is stored as a copy of `name_en` on every save (SPEC section 3). */
  nameFromNameEn: boolean;
  /** Only admins see it (system settings). */
  adminOnly?: boolean;
  /**
   * Records belong to a school through this column (`id` for schools themselves): users without
   * the all-schools permission (school staff) read only their own schools' records.
   */
  schoolScope?: string;
  /** Served by its own server module (users, exams, questions) instead of the generic routes. */
  customRoutes?: boolean;
  /** Absent: every screen is generic. */
  screens?: Screens;
  /** A child resource edited inside this one's screen, e.g. school classes inside a school. */
  parent?: { resource: string; field: string };
  /** Keys of a record as read (relations, totals) that a client may send back: accepted and ignored. */
  readOnly?: readonly string[];
  /** Checks that span fields, by name; the resource's validator is given their implementations. */
  rules?: readonly string[];
  /** The message of a missing `platform_id` (catalog key), when not the generic one. */
  platformMessage?: string;
}

/* Field builders keep schema files short and uniform. */
export const text = (max = 255, options: Partial<Omit<TextField, 'type' | 'max'>> = {}): TextField => ({
  type: 'text',
  max,
  required: true,
  ...options,
});
export const number = (
  min: number,
  max: number,
  options: Partial<Omit<NumberField, 'type' | 'min' | 'max'>> = {},
): NumberField => ({
  type: 'number',
  min,
  max,
  required: true,
  ...options,
});
export const reference = (
  resource: string,
  options: Partial<Omit<ReferenceField, 'type' | 'resource'>> = {},
): ReferenceField => ({
  type: 'reference',
  resource,
  required: true,
  ...options,
});
export const choice = (
  choices: readonly string[],
  options: Partial<Omit<ChoiceField, 'type' | 'choices'>> = {},
): ChoiceField => ({
  type: 'choice',
  choices,
  required: true,
  ...options,
});
export const dateTime = (options: Partial<Omit<DateTimeField, 'type'>> = {}): DateTimeField => ({
  type: 'datetime',
  required: true,
  ...options,
});
export const media = (
  kinds: MediaField['kinds'],
  options: Partial<Omit<MediaField, 'type' | 'kinds'>> = {},
): MediaField => ({
  type: 'media',
  kinds,
  required: false,
  default: null,
  ...options,
});

/** The bilingual name pair every lookup has. */
export const bilingualName = { name_en: text(), name_ar: text() } as const;

/** A platform-scoped lookup with only a bilingual name (skills, rounds, grades, ...). */
export function lookup(
  name: string,
  group: MenuGroup,
  route: string,
  table = name.replace(/-/g, '_'),
): ResourceDefinition {
  return {
    name,
    table,
    platformScoped: true,
    menu: { group, route },
    fields: { ...bilingualName },
    list: { columns: ['id', 'name_en', 'name_ar'], sort: 'id', order: 'asc', search: ['name_en', 'name_ar'] },
    nameFromNameEn: true,
  };
}
