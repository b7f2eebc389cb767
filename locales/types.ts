import type en from './en';

/** The catalog's shape with every leaf widened to string: the other languages implement it. */
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

export type Messages = DeepStrings<typeof en>;
