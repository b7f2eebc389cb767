import type { ColumnType, Generated } from 'kysely';
import type { ResourceDefinition } from '../../../schemas/vocabulary';
import type { MayBeNull } from '../../common/declarations';

/**
 * A declared resource's table, as Kysely sees it, derived from its declaration: a field added to a
 * schema is a column here with no other edit (its migration adds it to the database;
 * tests/api/schema-storage.test.ts holds the two together).
 */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** numeric comes back as a string from pg and PGlite: read with Number(). */
type Decimal = ColumnType<string | number, number, number>;
/** JSON kept as text on write (`JSON.stringify`), read back as parsed or as text. */
type Json = ColumnType<unknown, string | undefined, string>;

type Stored<F> = F extends { type: 'number'; decimals: number }
  ? Decimal
  : F extends { type: 'number' | 'reference' }
    ? number
    : F extends { type: 'boolean' }
      ? Generated<boolean>
      : F extends { type: 'datetime' }
        ? Timestamp
        : F extends { type: 'date' }
          ? ColumnType<Date | string, string, string>
          : F extends { type: 'tags' | 'answer' }
            ? Json
            : F extends { type: 'choice'; choices: readonly (infer C)[] }
              ? C
              : string;

type Nullable<F> = MayBeNull<F> extends true ? Stored<F> | null : Stored<F>;
/** A field with a default may be left out of an insert: the column's own default fills it. */
type Defaulted<C> =
  C extends ColumnType<infer S, infer I, infer U> ? ColumnType<S, I | undefined, U> : ColumnType<C, C | undefined, C>;
type Column<F> = F extends { default: unknown } ? Defaulted<Nullable<F>> : Nullable<F>;

type Fields<D extends ResourceDefinition> = D['fields'];

/** The row of a declared resource: its stored fields (not its join tables), platform, name and bookkeeping. */
export type DeclaredTable<D extends ResourceDefinition> = {
  id: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
} & {
  -readonly [K in keyof Fields<D> as Fields<D>[K] extends { type: 'references' } ? never : K]: Fields<D>[K] extends {
    managed: true;
  }
    ? Defaulted<Exclude<Column<Fields<D>[K]>, null>>
    : Column<Fields<D>[K]>;
} & (D['platformScoped'] extends true ? { platform_id: number } : unknown) &
  (D['nameFromNameEn'] extends true ? { name: string } : unknown);

/** The join table of a multi-reference field (`exam_skills`). */
export type JoinTable<F> = F extends {
  type: 'references';
  through: { owner: infer O extends string; column: infer C extends string };
}
  ? { [K in O | C]: number }
  : never;
