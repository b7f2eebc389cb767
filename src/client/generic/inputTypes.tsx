import type { ComponentType } from 'react';
import {
  BooleanInput,
  email,
  maxLength,
  ReferenceArrayInput,
  ReferenceInput,
  required,
  SelectArrayInput,
  SelectInput,
  TextInput,
  useInput,
  useLocaleState,
  type RaRecord,
} from 'react-admin';
import type { FieldDefinition } from '../../../schemas/vocabulary';
import { TagsInput } from '../components/TagsInput';
import { WallTimeInput } from '../components/WallTimeInput';
import { MediaUploader } from '../media';
import { schemaRegistry } from './registry';
import { labelKeys } from './screen-config';
import { nameOf } from '../i18n/recordName';
import { BoundedNumberInput } from '../components/BoundedNumberInput';

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
  return (
    <TextInput
      source={props.source}
      label={labelOf(props)}
      validate={[...validateRequired(props.field), maxLength(props.field.max)]}
      fullWidth
    />
  );
}

function NumberSchemaInput(props: SchemaInputProps<'number'>) {
  const { min, max } = props.field;
  return (
    <BoundedNumberInput
      source={props.source}
      label={labelOf(props)}
      min={min}
      max={max}
      step={1}
      validate={validateRequired(props.field)}
      fullWidth
    />
  );
}

function ChoiceSchemaInput(props: SchemaInputProps<'choice'>) {
  // Choices are codes (IRA, ISA), identical in every language.
  const choices = props.field.choices.map((choice) => ({ id: choice, name: choice }));
  return (
    <SelectInput
      source={props.source}
      label={labelOf(props)}
      choices={choices}
      translateChoice={false}
      validate={validateRequired(props.field)}
      fullWidth
    />
  );
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

function DateTimeSchemaInput(props: SchemaInputProps<'datetime'>) {
  return (
    <WallTimeInput source={props.source} label={labelOf(props)} validate={validateRequired(props.field)} fullWidth />
  );
}

/** Several records of another resource (an exam's skills), named in the reader's language. */
function ReferencesSchemaInput(props: SchemaInputProps<'references'>) {
  const [language] = useLocaleState();
  const scoped = Boolean(schemaRegistry.get(props.field.resource)?.platformScoped);
  return (
    <ReferenceArrayInput
      source={props.source}
      reference={props.field.resource}
      filter={scoped && props.platformId !== null ? { platform_id: props.platformId } : {}}
      perPage={100}
      sort={{ field: 'id', order: 'ASC' }}
    >
      <SelectArrayInput
        optionText={(record: RaRecord) => nameOf(record, language)}
        label={labelOf(props)}
        validate={validateRequired(props.field)}
        fullWidth
      />
    </ReferenceArrayInput>
  );
}

function TagsSchemaInput(props: SchemaInputProps<'tags'>) {
  return <TagsInput source={props.source} label={labelOf(props)} helperText="exams.form.tags_help" />;
}

/** An upload of the field's first kind, filed under the resource's name. */
function MediaSchemaInput(props: SchemaInputProps<'media'>) {
  const { field } = useInput({ source: props.source });
  const kind = props.field.kinds[0];
  return (
    <MediaUploader
      kind={kind}
      title={labelOf(props)}
      label={`${props.resource}/${props.source}`}
      value={field.value as string | null}
      onChange={(reference) => field.onChange(reference)}
    />
  );
}

/** An answer definition is edited on its resource's own page (the question editors), never generically. */
function AnswerSchemaInput() {
  return null;
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
  const optionText = (record: RaRecord) => {
    const name = nameOf(record, language);
    return scoped && props.platformId === null && record.platform
      ? `${name} (${nameOf(record.platform, language)})`
      : name;
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
  datetime: DateTimeSchemaInput,
  reference: ReferenceSchemaInput,
  references: ReferencesSchemaInput,
  tags: TagsSchemaInput,
  media: MediaSchemaInput,
  answer: AnswerSchemaInput,
};
