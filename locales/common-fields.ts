/**
 * The labels of fields most resources share (id, the bilingual name, the platform, timestamps):
 * a resource's catalog entry declares only the labels that differ, and each language's index
 * fills in the rest, so react-admin's `resources.<name>.fields.<field>` lookups always answer.
 */
export function withCommonFields<
  R extends Record<string, { fields: Record<string, string> }>,
  C extends Record<string, string>,
>(resources: R, common: C): { [K in keyof R]: Omit<R[K], 'fields'> & { fields: C & R[K]['fields'] } } {
  return Object.fromEntries(
    Object.entries(resources).map(([name, entry]) => [name, { ...entry, fields: { ...common, ...entry.fields } }]),
  ) as { [K in keyof R]: Omit<R[K], 'fields'> & { fields: C & R[K]['fields'] } };
}
