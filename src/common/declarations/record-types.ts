import type { ComputedKind, ResourceDefinition } from '../../../schemas/vocabulary';
import type { PlatformRef, RelatedRecord } from '../contracts/records';

/**
 * Types derived from a declaration (Payload generates its types from its collection configs):
 * a record as the API reads it, and a form's values. No interface repeats a declaration's fields.
 */

/** A field's value when present. */
type ValueOf<F> = F extends { type: 'number' | 'reference' }
  ? number
  : F extends { type: 'choice'; choices: readonly (infer C)[] }
    ? C
    : F extends { type: 'boolean' }
      ? boolean
      : F extends { type: 'references' }
        ? number[]
        : F extends { type: 'tags' }
          ? string[]
          : F extends { type: 'answer' }
            ? unknown
            : string;

/**
 * Whether a stored record may hold null: never lists and switches, always a field shown on some
 * platforms only, never a required one, else only without a default (or with a null one).
 */
export type MayBeNull<F> = F extends { type: 'boolean' | 'references' | 'tags' | 'answer' }
  ? false
  : F extends { platforms: readonly unknown[] }
    ? true
    : F extends { required: true }
      ? false
      : F extends { default: infer D }
        ? D extends null
          ? true
          : false
        : true;

export type FieldValue<F> = MayBeNull<F> extends true ? ValueOf<F> | null : ValueOf<F>;

/** `skill_id` -> `skill`, `skill_ids` -> `skills`: the related record(s) sent beside a reference. */
type RelationName<K, F> = F extends { type: 'reference' }
  ? K extends `${infer B}_id`
    ? B
    : never
  : F extends { type: 'references' }
    ? K extends `${infer B}_ids`
      ? `${B}s`
      : never
    : never;

interface ComputedValues {
  number: number;
  'number|null': number | null;
  string: string;
  'string|null': string | null;
  boolean: boolean;
  related: RelatedRecord | null;
  'related[]': RelatedRecord[];
  unknown: unknown;
}
type ComputedValue<K> = K extends keyof ComputedValues ? ComputedValues[K] : never;

type Flatten<T> = { [K in keyof T]: T[K] } & {};

type FieldsOf<D extends ResourceDefinition> = D['fields'];
type ComputedOf<D extends ResourceDefinition> =
  D['computed'] extends Record<string, ComputedKind> ? D['computed'] : Record<never, ComputedKind>;

/** Every declared field, by its value. */
export type ValuesOf<D extends ResourceDefinition> = {
  -readonly [K in keyof FieldsOf<D>]: FieldValue<FieldsOf<D>[K]>;
};

type RelationsOf<D extends ResourceDefinition> = {
  -readonly [K in keyof FieldsOf<D> as RelationName<K, FieldsOf<D>[K]>]?: FieldsOf<D>[K] extends {
    type: 'references';
  }
    ? RelatedRecord[]
    : RelatedRecord | null;
};

type PlatformOf<D extends ResourceDefinition> = D['platformScoped'] extends true
  ? { platform_id: number; platform?: PlatformRef | null }
  : unknown;
type NameOf<D extends ResourceDefinition> = D['nameFromNameEn'] extends true ? { name: string } : unknown;

/** A record as `GET /api/{resource}` reads it: its fields, related records, computed values. */
export type RecordOf<D extends ResourceDefinition> = Flatten<
  { id: number } & ValuesOf<D> &
    RelationsOf<D> & { -readonly [K in keyof ComputedOf<D>]?: ComputedValue<ComputedOf<D>[K]> } & PlatformOf<D> &
    NameOf<D> & { created_at?: string; updated_at?: string }
>;

/** The fields a form edits (not those the server keeps), each possibly still empty. */
export type FormValuesOf<D extends ResourceDefinition> = Flatten<
  {
    -readonly [K in keyof FieldsOf<D> as FieldsOf<D>[K] extends { managed: true } ? never : K]: ValueOf<
      FieldsOf<D>[K]
    > | null;
  } & (D['platformScoped'] extends true ? { platform_id: number } : unknown) & { id?: number | string | null }
>;

/** A valid body as the server's validator gives it back. */
export type BodyOf<D extends ResourceDefinition> = Flatten<
  {
    -readonly [K in keyof FieldsOf<D> as FieldsOf<D>[K] extends { managed: true } ? never : K]: FieldValue<
      FieldsOf<D>[K]
    >;
  } & (D['platformScoped'] extends true ? { platform_id: number } : unknown)
>;

/**
 * Whether a request may leave a field out: one that is not required, shown on some platforms
 * only, or taken from its default.
 */
type MayOmit<F> = F extends { required: false }
  ? true
  : F extends { platforms: readonly unknown[] }
    ? true
    : F extends { default: unknown }
      ? true
      : false;

type Sent<D extends ResourceDefinition> = {
  [K in keyof FieldsOf<D>]: FieldsOf<D>[K] extends { managed: true } ? never : K;
}[keyof FieldsOf<D>];
type MustSend<D extends ResourceDefinition> = {
  [K in Sent<D>]: MayOmit<FieldsOf<D>[K]> extends true ? never : K;
}[Sent<D>];

/**
 * What a client sends to create a record (the demo's data, the tests' factories): every field a
 * request must carry, and the others it may. A required field added to a declaration is missing
 * from every such object until it is written there, so `tsc` finds them all.
 */
export type InputOf<D extends ResourceDefinition> = Flatten<
  { -readonly [K in MustSend<D>]: FieldValue<FieldsOf<D>[K]> } & {
    -readonly [K in Exclude<Sent<D>, MustSend<D>>]?: ValueOf<FieldsOf<D>[K]> | null;
  } & (D['platformScoped'] extends true ? { platform_id: number } : unknown)
>;
