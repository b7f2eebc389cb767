import { useEffect, useRef, type ComponentType } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
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
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { FieldDefinition } from '../../../schemas/vocabulary';
import { TagsInput } from '../components/TagsInput';
import { WallTimeInput } from '../components/WallTimeInput';
import { MediaUploader } from '../media';
import { schemaRegistry } from './registry';
import { labelKeys } from './screen-config';
import { choicesOf, nameOf, type Nameable } from '../i18n/recordName';
import { countryChoices } from '../../common/countries';
import { isLanguage } from '../../../locales/languages';
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
  disabled?: boolean;
  /** Shown, kept in what the form sends, not editable (a field the user may not change). */
  readOnly?: boolean;
  /** A reference's records, when the form loaded them already (the exam form's lookups). */
  choices?: readonly Nameable[];
}

const validateRequired = (field: FieldDefinition) => (field.required ? [required()] : []);
const labelOf = ({ resource, source }: { resource: string; source: string }) => labelKeys(resource).field(source);
/** What every input takes from its declaration: label, help, disabled. */
const common = <T extends FieldType>(props: SchemaInputProps<T>) => ({
  source: props.source,
  label: labelOf(props),
  disabled: props.disabled,
  ...(props.readOnly ? { readOnly: true } : {}),
  ...(props.field.help ? { helperText: props.field.help } : {}),
});
/** Text in a known script is typed in its direction (an Arabic name right to left in an English page). */
const SCRIPT_INPUT = {
  ar: { dir: 'rtl', lang: 'ar' },
  latin: { dir: 'ltr', lang: 'en' },
} as const;

function TextSchemaInput(props: SchemaInputProps<'text'>) {
  const script = props.field.script;
  return (
    <TextInput
      {...common(props)}
      validate={[...validateRequired(props.field), maxLength(props.field.max)]}
      {...(script ? { slotProps: { htmlInput: SCRIPT_INPUT[script] } } : {})}
      {...(props.field.secret ? { type: 'password', autoComplete: 'new-password' } : {})}
      {...(props.field.lines ? { multiline: true, minRows: props.field.lines } : {})}
      fullWidth
    />
  );
}

function NumberSchemaInput(props: SchemaInputProps<'number'>) {
  const { min, max } = props.field;
  return (
    <BoundedNumberInput
      {...common(props)}
      min={min}
      max={max}
      step={1}
      validate={validateRequired(props.field)}
      fullWidth
    />
  );
}

function ChoiceSchemaInput(props: SchemaInputProps<'choice'>) {
  const translate = useTranslate();
  // Named in the catalog when it names them (a gender); codes otherwise (IRA, ISA), alike in every language.
  const choices = props.field.choices.map((choice) => ({
    id: choice,
    name: translate(labelKeys(props.resource).choice(props.source, choice), { _: choice }),
  }));
  return (
    <SelectInput
      {...common(props)}
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
      {...common(props)}
      type="email"
      validate={[...validateRequired(props.field), email('validation.invalid_email')]}
      fullWidth
    />
  );
}

/** A country, chosen by its name in the reader's language and stored as its ISO code. */
function CountrySchemaInput(props: SchemaInputProps<'country'>) {
  const [language] = useLocaleState();
  return (
    <SelectInput
      {...common(props)}
      choices={countryChoices(isLanguage(language) ? language : 'en')}
      translateChoice={false}
      validate={validateRequired(props.field)}
      fullWidth
    />
  );
}

function DateSchemaInput(props: SchemaInputProps<'date'>) {
  return <WallTimeInput {...common(props)} validate={validateRequired(props.field)} fullWidth dateOnly />;
}

function DateTimeSchemaInput(props: SchemaInputProps<'datetime'>) {
  return <WallTimeInput {...common(props)} validate={validateRequired(props.field)} fullWidth />;
}

/** Several records of another resource (an exam's skills), named in the reader's language. */
function ReferencesSchemaInput(props: SchemaInputProps<'references'>) {
  const [language] = useLocaleState();
  const scoped = Boolean(schemaRegistry.get(props.field.resource)?.platformScoped);
  if (props.choices)
    return (
      <SelectArrayInput
        {...common(props)}
        choices={choicesOf(props.choices, language)}
        translateChoice={false}
        validate={validateRequired(props.field)}
        fullWidth
      />
    );
  return (
    <ReferenceArrayInput
      source={props.source}
      reference={props.field.resource}
      filter={scoped && props.platformId !== null ? { platform_id: props.platformId } : {}}
      perPage={100}
      sort={{ field: 'id', order: 'ASC' }}
    >
      <SelectArrayInput
        {...common(props)}
        optionText={(record: RaRecord) => nameOf(record, language)}
        validate={validateRequired(props.field)}
        fullWidth
      />
    </ReferenceArrayInput>
  );
}

function TagsSchemaInput(props: SchemaInputProps<'tags'>) {
  return <TagsInput {...common(props)} helperText={props.field.help ?? 'exams.form.tags_help'} />;
}

/** An upload of the field's first kind, filed under the resource's name. */
function MediaSchemaInput(props: SchemaInputProps<'media'>) {
  const { field } = useInput({ source: props.source });
  const kind = props.field.kinds[0];
  return (
    <MediaUploader
      disabled={props.disabled}
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
  return <BooleanInput {...common(props)} />;
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
  if (props.choices)
    return (
      <SelectInput {...common(props)} choices={choicesOf(props.choices, language)} translateChoice={false} fullWidth />
    );
  return (
    <ReferenceInput
      source={props.source}
      reference={props.field.resource}
      filter={scoped && props.platformId !== null ? { platform_id: props.platformId } : {}}
      perPage={100}
      sort={{ field: 'id', order: 'ASC' }}
    >
      <SelectInput {...common(props)} optionText={optionText} validate={validateRequired(props.field)} fullWidth />
    </ReferenceInput>
  );
}

/**
 * A reference the declaration narrows (`narrow`): only the records agreeing with the form's values
 * of its `within` columns (learning outcomes of the chosen skill). It waits for them, saying so,
 * and is cleared when one changes, since the server refuses a record that disagrees.
 */
function NarrowedReferenceInput(props: SchemaInputProps<'reference'>) {
  const [language] = useLocaleState();
  const { setValue } = useFormContext();
  const columns = props.field.within ?? [];
  const values = useWatch({ name: [...columns] }) as unknown[];
  const chosen = JSON.stringify(values);
  const seen = useRef(chosen);
  useEffect(() => {
    if (seen.current === chosen) return;
    seen.current = chosen;
    setValue(props.source, null, { shouldDirty: true });
  }, [chosen, props.source, setValue]);
  const waiting = values.some((value) => value === null || value === undefined || value === '');
  const scoped = Boolean(schemaRegistry.get(props.field.resource)?.platformScoped) && props.platformId !== null;
  const filter = {
    ...(scoped ? { platform_id: props.platformId } : {}),
    ...(waiting ? {} : Object.fromEntries(columns.map((column, index) => [column, values[index]]))),
  };
  const shared = common(props);
  return (
    <ReferenceInput
      source={props.source}
      reference={props.field.resource}
      filter={filter}
      perPage={100}
      sort={{ field: 'id', order: 'ASC' }}
    >
      <SelectInput
        {...shared}
        optionText={(record: RaRecord) => nameOf(record, language)}
        validate={validateRequired(props.field)}
        disabled={props.disabled || waiting}
        helperText={waiting ? props.field.narrow?.help : (props.field.help ?? false)}
        fullWidth
      />
    </ReferenceInput>
  );
}

/** A reference input, narrowed when its declaration says so. */
const ReferenceOrNarrowed = (props: SchemaInputProps<'reference'>) =>
  props.field.narrow ? <NarrowedReferenceInput {...props} /> : <ReferenceSchemaInput {...props} />;

/** Field type -> form input (STYLE.md "Views from a type map"). */
export const inputByType: { [T in FieldType]: ComponentType<SchemaInputProps<T>> } = {
  text: TextSchemaInput,
  number: NumberSchemaInput,
  choice: ChoiceSchemaInput,
  email: EmailSchemaInput,
  boolean: BooleanSchemaInput,
  date: DateSchemaInput,
  country: CountrySchemaInput,
  datetime: DateTimeSchemaInput,
  reference: ReferenceOrNarrowed,
  references: ReferencesSchemaInput,
  tags: TagsSchemaInput,
  media: MediaSchemaInput,
  answer: AnswerSchemaInput,
};
