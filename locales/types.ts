import type en from './en/index';
import type enForStudents from './en/for-students';
import type enCommonFields from './en/common-fields';
import type enResources from './en/resources';

/** The catalog's shape with every leaf widened to string: the other languages implement it. */
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

export type Messages = DeepStrings<typeof en>;

/** The part of the catalog the student boot downloads (en/for-students.ts). */
export type StudentMessages = DeepStrings<typeof enForStudents>;

/** A language's resource labels before the common field labels are filled in. */
export type ResourceLabels = DeepStrings<typeof enResources>;
export type CommonFieldLabels = DeepStrings<typeof enCommonFields>;
