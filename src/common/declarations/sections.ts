import type { ResourceDefinition } from '../../../schemas/vocabulary';

/** A form section with every field it shows, in order. */
export interface SectionSpec {
  key: string;
  columns: 1 | 2;
  fields: string[];
}

/**
 * A declaration's form sections (`form.sections`) with each field a form edits placed once: those a
 * section names, in its order, then the fields no section names, in declared order, in the section
 * marked `rest` (else the last). Without sections, one section `fields` holds them all. Throws on a
 * section naming a field the declaration does not have, or one named twice.
 */
export function formSections(definition: ResourceDefinition): SectionSpec[] {
  const editable = Object.entries(definition.fields)
    .filter(([, field]) => !field.managed)
    .map(([name]) => name);
  const declared = definition.form?.sections ?? [];
  if (declared.length === 0) return [{ key: 'fields', columns: 1, fields: editable }];
  const placed = new Set<string>();
  for (const section of declared)
    for (const name of section.fields) {
      if (!(name in definition.fields))
        throw new Error(`${definition.name}'s form section ${section.key} names ${name}, which it does not declare`);
      if (placed.has(name)) throw new Error(`${definition.name}'s form places ${name} twice`);
      placed.add(name);
    }
  const rest = editable.filter((name) => !placed.has(name));
  const marked = declared.findIndex((section) => section.rest);
  const restIndex = marked >= 0 ? marked : declared.length - 1;
  return declared.map((section, index) => ({
    key: section.key,
    columns: section.columns ?? 1,
    fields: [
      ...section.fields.filter((name) => !definition.fields[name].managed),
      ...(index === restIndex ? rest : []),
    ],
  }));
}
