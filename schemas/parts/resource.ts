import { bilingualName, type FieldDefinition } from './fields';

/** Where a link lives in the header: its own links (main), the Reports dropdown, or a Settings group. */
export type MenuGroup = 'main' | 'reports' | 'exams_settings' | 'questions_settings' | 'system_settings';

/**
 * A hand-written console page hung on a declaration (Payload's `admin.components.views`): the
 * console finds its module by name and mounts it at its path; nothing else lists it.
 */
export interface PageDeclaration {
  /** The console path (SPEC section 2); ending in `/*` when the page routes beneath it. */
  path: string;
  /** The module under src/client that default-exports the page, without extension: 'exams/ExamsRoutes'. */
  view: string;
  /** Props the page is given (which level of a drill-down it shows). */
  props?: Readonly<Record<string, string>>;
  /**
   * Who may open it: any permission of `anyOf`, given as `area` (its list permissions) or
   * `area.action` (one record action, `student-exams.edit`); the declaration's own area when absent.
   */
  access?: readonly string[];
  /** And one of these roles (a student's own pages). */
  roles?: readonly string[];
  /**
   * A header link to it, labelled `nav.<page key>` unless `label` names another catalog key: among
   * the header's main links, in its reports menu, or in a settings menu after the resources' screens.
   */
  menu?: MenuGroup;
  label?: string;
}

/** Kinds of value a record carries beyond its fields, computed by the server (an exam's total mark). */
export type ComputedKind =
  'number' | 'number|null' | 'string' | 'string|null' | 'boolean' | 'related' | 'related[]' | 'unknown';

/**
 * One titled group of a form's inputs, labelled `resources.<name>.sections.<key>` (a question's
 * classification). A form drawn from sections shows every field the form edits exactly once.
 */
export interface FormSection {
  key: string;
  /** Its fields, in the order they show. */
  fields: readonly string[];
  /** Two inputs to a row (dropdowns); one otherwise. */
  columns?: 1 | 2;
  /** It also takes every field no section names, in declared order: where a new field shows. */
  rest?: boolean;
}

export type Fields = Readonly<Record<string, FieldDefinition>>;
export type Computed = Readonly<Record<string, ComputedKind>>;

export interface ResourceDefinition {
  /** API path under /api, permission area and react-admin resource name, as the spec spells it. */
  name: string;
  table: string;
  /** Records belong to one platform: lists are filtered by it and the console shows the platform selector. */
  platformScoped: boolean;
  /** Where the screens live in the console. */
  menu: { group: MenuGroup; route: string };
  fields: Fields;
  /** What a record as read carries beyond its fields and their related records, computed by the server. */
  computed?: Computed;
  list: {
    /** Fields, computed values or `id` (the registry checks each name). */
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
   * the all-schools permission (school staff) read and write only their own schools' records.
   */
  schoolScope?: string;
  /** Served by its own server module (users, exams, questions) instead of the generic routes. */
  customRoutes?: boolean;
  /**
   * Hand-written pages. A page at the resource's `menu.route` replaces its generic screens (the
   * exams' list, form, preview and localized exams); the others are mounted beside them.
   */
  pages?: Readonly<Record<string, PageDeclaration>>;
  /** A child resource edited inside this one's screen, e.g. school classes inside a school. */
  parent?: { resource: string; field: string };
  /** Other keys of a record as read that a client may send back: accepted and ignored. */
  readOnly?: readonly string[];
  /**
   * Fields that can no longer change once `column` (a column the server sets, not a field) holds a
   * value: a calibrated scale's reporting constants. A change is refused with `message` on each field.
   */
  lockedOnce?: { column: string; fields: readonly string[]; message: string };
  /** Checks that span fields, by name; the resource's validator is given their implementations. */
  rules?: readonly string[];
  /** The message of a missing `platform_id` (catalog key), when not the generic one. */
  platformMessage?: string;
  /** How a hand-written form that draws its inputs from the declaration groups them (the question form). */
  form?: { sections: readonly FormSection[] };
}

/**
 * Declares a resource, keeping every literal fact of it in its type (which fields are required,
 * their choices, whether it is platform-scoped), so the record type, the form values and the
 * contract come from this one place (src/common/declarations).
 */
export const defineResource = <const D extends ResourceDefinition>(definition: D): D => definition;

/**
 * A console area that is not one entity (the web reports, a student's own exams): only pages,
 * permissions and menu places.
 */
export interface AreaDefinition {
  kind: 'area';
  /** Its permission area. */
  name: string;
  pages: Readonly<Record<string, PageDeclaration>>;
}

export const defineArea = <const A extends Omit<AreaDefinition, 'kind'>>(area: A) =>
  ({ kind: 'area', ...area }) as const satisfies AreaDefinition;

/** Whether a page takes the place of a resource's generic screens (it sits at the resource's route). */
export const replacesScreens = (definition: ResourceDefinition, page: PageDeclaration): boolean =>
  page.path.replace(/\/\*$/, '') === definition.menu.route;

/** Whether a resource's screens are all hand-written (exams, questions bank). */
export const hasCustomScreens = (definition: ResourceDefinition): boolean =>
  Object.values(definition.pages ?? {}).some((page) => replacesScreens(definition, page));

/** A platform-scoped lookup with only a bilingual name (skills, rounds, grades, ...). */
export function lookup(name: string, group: MenuGroup, route: string, table = name.replace(/-/g, '_')) {
  return defineResource({
    name,
    table,
    platformScoped: true,
    menu: { group, route },
    fields: { ...bilingualName },
    list: { columns: ['id', 'name_en', 'name_ar'], sort: 'id', order: 'asc', search: ['name_en', 'name_ar'] },
    nameFromNameEn: true,
  });
}
