import type { ComponentType } from 'react';
import {
  BooleanInput,
  email,
  maxLength,
  NumberInput,
  ReferenceInput,
  required,
  SelectInput,
  TextInput,
  useLocaleState,
  type RaRecord,
} from 'react-admin';
import type { FieldDefinition } from '../../../schemas/vocabulary';
import { schemaRegistry } from './registry';
import { clampNumber, labelKeys, nameFieldFor } from './screen-config';

type FieldType = FieldDefinition['type'];
type FieldOf<T extends FieldType> = Extract<FieldDefinition, { type: T }>;

export interface SchemaInputProps<T extends FieldType = FieldType> {
  /** The resource whose form this is (labels are `resources.<resource>.fields.<source>`). */
  resource: string;
  source: string;
  field: FieldOf<T>;
  /** The selected platform of a platform-scoped form; null elsewhere. */
  platformId: number | null;
}

const validateRequired = (field: FieldDefinition) => (field.required ? [required()] : []);
const labelOf = ({ resource, source }: { resource: string; source: string }) => labelKeys(resource).field(source);

function TextSchemaInput(props: SchemaInputProps<'text'>) {
  return <TextInput source={props.source} label={labelOf(props)} validate={[...validateRequired(props.field), maxLength(props.field.max)]} fullWidth />;
}

function NumberSchemaInput(props: SchemaInputProps<'number'>) {
  const { min, max } = props.field;
  return (
    <NumberInput
      source={props.source}
      label={labelOf(props)}
      min={min}
      max={max}
      step={1}
      // Out-of-range numbers are pulled back to the bound as they are typed (SPEC section 5).
      parse={(value: number | string) => (value === '' || value === null || Number.isNaN(Number(value)) ? null : clampNumber(Number(value), min, max))}
      validate={validateRequired(props.field)}
      fullWidth
    />
  );
}

function ChoiceSchemaInput(props: SchemaInputProps<'choice'>) {
  // Choices are codes (IRA, ISA), identical in every language.
  const choices = props.field.choices.map((choice) => ({ id: choice, name: choice }));
  return <SelectInput source={props.source} label={labelOf(props)} choices={choices} translateChoice={false} validate={validateRequired(props.field)} fullWidth />;
}

function EmailSchemaInput(props: SchemaInputProps<'email'>) {
  return (
    <TextInput
      source={props.source}
      label={labelOf(props)}
      type="email"
      validate={[...validateRequired(props.field), email('validation.invalid_email')]}
      fullWidth
    />
  );
}

function BooleanSchemaInput(props: SchemaInputProps<'boolean'>) {
  return <BooleanInput source={props.source} label={labelOf(props)} />;
}

/**
 * A `*_id` field: a dropdown of the related records in the reader's language, limited to the
 * selected platform (SPEC section 5). A form without a platform that points at platform-scoped
 * records (a school class's grade) lists every platform's records, each named with its platform.
 */
function ReferenceSchemaInput(props: SchemaInputProps<'reference'>) {
  const [language] = useLocaleState();
  const target = schemaRegistry.get(props.field.resource);
  const scoped = Boolean(target?.platformScoped);
  const nameField = nameFieldFor(language);
  const optionText = (record: RaRecord) => {
    const name = String(record[nameField] ?? record.name ?? record.id);
    return scoped && props.platformId === null && record.platform ? `${name} (${record.platform.name})` : name;
  };
  return (
    <ReferenceInput
      source={props.source}
      reference={props.field.resource}
      filter={scoped && props.platformId !== null ? { platform_id: props.platformId } : {}}
      perPage={100}
      sort={{ field: 'id', order: 'ASC' }}
    >
      <SelectInput optionText={optionText} label={labelOf(props)} validate={validateRequired(props.field)} fullWidth />
    </ReferenceInput>
  );
}

/** Field type -> form input (STYLE.md "Views from a type map"). */
export const inputByType: { [T in FieldType]: ComponentType<SchemaInputProps<T>> } = {
  text: TextSchemaInput,
  number: NumberSchemaInput,
  choice: ChoiceSchemaInput,
  email: EmailSchemaInput,
  boolean: BooleanSchemaInput,
  reference: ReferenceSchemaInput,
};
