import type {
  ComputedKind,
  FieldDefinition as SchemaField,
  PlatformIdentifier,
  ResourceDefinition,
} from '../../../schemas/vocabulary';
import { listPermissions } from '../../common/permission-catalog';
import { permissionFor, ROLES } from '../../common/permissions';
import { visibleFields } from '../../common/resource-validation';

/**
 * Pure derivations from a resource schema to what its console screens show: paths, list
 * columns, form inputs, permissions. No React here, so unit tests can check them directly.
 */

/** A record id as react-admin carries it. */
type Identifier = string | number;

export interface ScreenPaths {
  list: string;
  create: string;
  edit: (id: Identifier) => string;
}

/** The spec's routes: the schema's `menu.route`, not react-admin's `/{resource}`. */
export function screenPaths(definition: ResourceDefinition): ScreenPaths {
  const list = definition.menu.route;
  return { list, create: `${list}/create`, edit: (id) => `${list}/${encodeURIComponent(String(id))}` };
}

/** A list column: `id` has no field declaration of its own. */
export interface ColumnSpec {
  source: string;
  type: SchemaField['type'] | 'id';
  /** Reference columns show a related name; sorting them would sort by id, which reads as random. */
  sortable: boolean;
}

/** How a computed value is shown in a list (a count as a number, a flag as a tick). */
const COMPUTED_COLUMN: Record<ComputedKind, SchemaField['type']> = {
  number: 'number',
  'number|null': 'number',
  string: 'text',
  'string|null': 'text',
  boolean: 'boolean',
  related: 'text',
  'related[]': 'text',
  unknown: 'text',
};

/**
 * The declaration's list columns, without those hidden on the selected platform (grade on ISA,
 * level on IRA). Computed values (an exam's total mark) show but do not sort: no column holds them.
 */
export function listColumns(definition: ResourceDefinition, identifier: PlatformIdentifier | null): ColumnSpec[] {
  const visible = new Map(visibleFields(definition, identifier));
  const computed = definition.computed ?? {};
  return definition.list.columns
    .filter((source) => source === 'id' || visible.has(source) || !(source in definition.fields))
    .map((source) => {
      if (source in computed) return { source, type: COMPUTED_COLUMN[computed[source]], sortable: false };
      const field = visible.get(source);
      const type = source === 'id' ? 'id' : (field?.type ?? 'text');
      return { source, type, sortable: type !== 'reference' && type !== 'references' && type !== 'tags' };
    });
}

export interface InputSpec {
  source: string;
  field: SchemaField;
}

/**
 * The form's inputs: the fields that apply on the platform, minus the parent reference of a
 * child resource (a school class gets its school from the screen it is edited on).
 */
export function formInputs(definition: ResourceDefinition, identifier: PlatformIdentifier | null): InputSpec[] {
  return visibleFields(definition, identifier)
    .filter(([source, field]) => source !== definition.parent?.field && !field.managed)
    .map(([source, field]) => ({ source, field }));
}

export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (typeof value === 'number' && Number.isNaN(value))
  );
}

/** SPEC section 5: the submit button waits until every required visible field has a value. */
export function isFormComplete(inputs: readonly InputSpec[], values: Record<string, unknown>): boolean {
  return inputs.every(({ source, field }) => !field.required || !isEmptyValue(values[source]));
}

/**
 * The body sent on save: only the declared inputs (related objects and read-only keys
 * stay home, so the server never sees a key it refuses), plus the selected platform.
 */
export function recordPayload(
  inputs: readonly InputSpec[],
  values: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const { source } of inputs) payload[source] = values[source] ?? null;
  return { ...payload, ...extra };
}

export interface ScreenPermissions {
  view: string[];
  create: string;
  edit: string;
  delete: string;
  /** System settings (platforms, users) also need the admin role (SPEC section 6). */
  roles?: string[];
}

/** A resource's permission area is its name (the server derives the same strings). */
export function screenPermissions(definition: ResourceDefinition): ScreenPermissions {
  const area = definition.name;
  return {
    view: listPermissions(area),
    create: permissionFor(area, 'create'),
    edit: permissionFor(area, 'edit'),
    delete: permissionFor(area, 'delete'),
    ...(definition.adminOnly ? { roles: [ROLES.admin] } : {}),
  };
}

/** Catalog keys of a resource: react-admin's convention plus the nouns used inside sentences. */
export const labelKeys = (name: string) => ({
  name: `resources.${name}.name`,
  /** The screen's title where the spec names it otherwise than the plural ("Exam Types"). */
  title: `resources.${name}.title`,
  item: `resources.${name}.item`,
  items: `resources.${name}.items`,
  field: (source: string) => `resources.${name}.fields.${source}`,
  /** A form section's title (`form.sections` of the declaration). */
  section: (key: string) => `resources.${name}.sections.${key}`,
  /** A choice's name, where the catalog gives one (`resources.students.choices.gender.female`). */
  choice: (source: string, value: string) => `resources.${name}.choices.${source}.${value}`,
});

/** Which record property holds the name to show in the reader's language. */
