import type { FieldDefinition, ResourceDefinition } from '../../../schemas/vocabulary';

/** What one field takes, in the OpenAPI document's words (`skill_ids: ids of skills, 1 to 20`). */
function describeField(name: string, field: FieldDefinition): string {
  const facts: string[] = [];
  switch (field.type) {
    case 'text':
      facts.push(`${field.rich ? 'rich text' : 'text'} up to ${field.max}`);
      break;
    case 'number':
      facts.push(
        `${field.decimals ? `number (${field.decimals} decimals)` : 'whole number'} ${field.min} to ${field.max}`,
      );
      break;
    case 'choice':
      facts.push(`one of ${field.choices.join(', ')}`);
      break;
    case 'reference':
      facts.push(`id of ${field.resource}`);
      break;
    case 'references':
      facts.push(`ids of ${field.resource}, ${field.min} to ${field.max}`);
      break;
    case 'datetime':
      facts.push('"YYYY-MM-DD HH:mm:ss" in APP_TIMEZONE');
      break;
    case 'date':
      facts.push('"YYYY-MM-DD"');
      break;
    case 'country':
      facts.push('ISO 3166 alpha-2 code');
      break;
    case 'tags':
      facts.push(`up to ${field.max} labels of ${field.maxLength} characters`);
      break;
    default:
      facts.push(field.type);
  }
  if (field.platforms) facts.push(`on ${field.platforms.join(', ')} platforms`);
  if (field.default !== undefined && field.default !== null) facts.push(`default ${JSON.stringify(field.default)}`);
  if (!field.required) facts.push('optional');
  return `${name} (${facts.join('; ')})`;
}

/**
 * A request body's description for the OpenAPI document, from the declaration: every field a form
 * sends, what it takes and whether it may be left out, and the named rules that span fields.
 */
export function describeBody(definition: ResourceDefinition, note = ''): string {
  const fields = Object.entries(definition.fields)
    .filter(([, field]) => !field.managed)
    .map(([name, field]) => describeField(name, field));
  if (definition.platformScoped) fields.push('platform_id (id of platforms)');
  const rules = definition.rules?.length ? ` Rules: ${definition.rules.join(', ')}.` : '';
  return `Fields: ${fields.join(', ')}.${rules}${note ? ` ${note}` : ''}`;
}

/** A list's filters for the OpenAPI summary, as the API names them: `filter[round_id|skill_id|...]`. */
export function describeFilters(definition: ResourceDefinition): string {
  const names = (definition.list.filters ?? []).map((name) => {
    const field = definition.fields[name];
    return field?.type === 'references' ? field.filter : name;
  });
  return `filter[${names.join('|')}]`;
}
