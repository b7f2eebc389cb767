import type { ReactElement } from 'react';
import { ReferenceInput, SearchInput, SelectInput, useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import type { FieldDefinition, FieldType, ResourceDefinition } from '../../../schemas/vocabulary';
import { nameOf } from '../i18n/recordName';
import { schemaRegistry } from './registry';
import { labelKeys } from './screen-config';

interface FilterProps {
  /** The query's filter name: the field, or a multi-reference's `filter` name (`skill_id`). */
  source: string;
  resource: string;
  field: FieldDefinition;
  /** The field's name in the declaration, for its label. */
  name: string;
  /** The list's platform: a referenced resource on platforms offers that platform's records only. */
  platformId: number | null;
  alwaysOn: true;
}

const FILTER_WIDTH = { minWidth: 160 };

/** One record of the referenced resource, named in the reader's language (school staff get their own schools). */
function ReferenceFilter({ source, resource, field, name, platformId }: FilterProps) {
  const [language] = useLocaleState();
  if (field.type !== 'reference' && field.type !== 'references') return null;
  const scoped = Boolean(schemaRegistry.get(field.resource)?.platformScoped) && platformId !== null;
  return (
    <ReferenceInput
      source={source}
      reference={field.resource}
      filter={scoped ? { platform_id: platformId } : {}}
      perPage={100}
      sort={{ field: 'id', order: 'ASC' }}
    >
      <SelectInput
        label={labelKeys(resource).field(name)}
        optionText={(record: RaRecord) => nameOf(record, language)}
        sx={FILTER_WIDTH}
      />
    </ReferenceInput>
  );
}

/** One of a choice field's values, with its translated label. */
function ChoiceFilter({ source, resource, field, name }: FilterProps) {
  const translate = useTranslate();
  if (field.type !== 'choice') return null;
  const choices = field.choices.map((choice) => ({
    id: choice,
    name: translate(labelKeys(resource).choice(name, choice), { _: choice }),
  }));
  return (
    <SelectInput
      source={source}
      label={labelKeys(resource).field(name)}
      choices={choices}
      translateChoice={false}
      sx={FILTER_WIDTH}
    />
  );
}

const YES_NO = [
  { id: 'true', name: 'ra.boolean.true' },
  { id: 'false', name: 'ra.boolean.false' },
];

function FlagFilter({ source, resource, name }: FilterProps) {
  return <SelectInput source={source} label={labelKeys(resource).field(name)} choices={YES_NO} sx={FILTER_WIDTH} />;
}

const FILTERS: Partial<Record<FieldType, (props: FilterProps) => ReactElement | null>> = {
  reference: ReferenceFilter,
  references: ReferenceFilter,
  choice: ChoiceFilter,
  boolean: FlagFilter,
};

/**
 * A list's filters as its declaration names them (`list.filters`), after the search box when it
 * declares search: each becomes `filter[field]` in the list query, and search becomes `search`.
 */
export function declaredFilters(
  definition: ResourceDefinition,
  searchLabel: string,
  platformId: number | null = null,
): ReactElement[] | undefined {
  const inputs: ReactElement[] = [];
  if (definition.list.search.length > 0)
    inputs.push(
      <SearchInput key="search" source="search" alwaysOn slotProps={{ htmlInput: { 'aria-label': searchLabel } }} />,
    );
  for (const name of definition.list.filters ?? []) {
    const field = definition.fields[name];
    const Filter = field && FILTERS[field.type];
    if (!field || !Filter) continue;
    const source = field.type === 'references' ? field.filter : name;
    inputs.push(
      <Filter
        key={name}
        source={source}
        resource={definition.name}
        field={field}
        name={name}
        platformId={platformId}
        alwaysOn
      />,
    );
  }
  return inputs.length > 0 ? inputs : undefined;
}
