/**
 * The field vocabulary of resource schemas. A schema is plain data: no JSX and no display text.
 * Labels come from `resources.<name>.fields.<field>` in locales/en.ts and locales/ar.ts.
 */
export type PlatformIdentifier = 'IRA' | 'ISA';

interface FieldBase {
  /** Must be present and non-empty on save (SPEC section 5: every non-object field). */
  required: boolean;
  /** Shown and accepted only on platforms with these identifiers (learning outcomes: grade on IRA, level on ISA). */
  platforms?: readonly PlatformIdentifier[];
}

export interface TextField extends FieldBase {
  type: 'text';
  max: number;
}

export interface NumberField extends FieldBase {
  type: 'number';
  min: number;
  max: number;
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

/** A `*_id` field: a dropdown loaded from the related resource, filtered by the platform. */
export interface ReferenceField extends FieldBase {
  type: 'reference';
  resource: string;
}

export type FieldDefinition = TextField | NumberField | ChoiceField | EmailField | BooleanField | ReferenceField;

export type MenuGroup = 'exams_settings' | 'questions_settings' | 'system_settings';

export interface ResourceDefinition {
  /** API path under /api, permission area and react-admin resource name, as the spec spells it. */
  name: string;
  table: string;
  /** Records belong to one platform: lists are filtered by it and the console shows the platform selector. */
  platformScoped: boolean;
  /** Where the generic screens live in the console. */
  menu: { group: MenuGroup; route: string };
  fields: Record<string, FieldDefinition>;
  list: {
    columns: readonly string[];
    sort: string;
    order: 'asc' | 'desc';
    search: readonly string[];
  };
  /** `name` is stored as a copy of `name_en` on every save (SPEC section 3). */
  nameFromNameEn: boolean;
  /** Only admins see it (system settings). */
  adminOnly?: boolean;
  /** Served by its own server module (users: passwords and roles) instead of the generic routes. */
  customRoutes?: boolean;
  /** A child resource edited inside this one's screen, e.g. school classes inside a school. */
  parent?: { resource: string; field: string };
}

/* Field builders keep schema files short and uniform. */
export const text = (max = 255, options: Partial<FieldBase> = {}): TextField => ({ type: 'text', max, required: true, ...options });
export const number = (min: number, max: number, options: Partial<FieldBase> = {}): NumberField => ({
  type: 'number',
  min,
  max,
  required: true,
  ...options,
});
export const reference = (resource: string, options: Partial<FieldBase> = {}): ReferenceField => ({
  type: 'reference',
  resource,
  required: true,
  ...options,
});
export const choice = (choices: readonly string[], options: Partial<FieldBase> = {}): ChoiceField => ({
  type: 'choice',
  choices,
  required: true,
  ...options,
});

/** The bilingual name pair every lookup has. */
export const bilingualName = { name_en: text(), name_ar: text() } as const;

/** A platform-scoped lookup with only a bilingual name (skills, rounds, grades, ...). */
export function lookup(name: string, group: MenuGroup, route: string, table = name.replace(/-/g, '_')): ResourceDefinition {
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
