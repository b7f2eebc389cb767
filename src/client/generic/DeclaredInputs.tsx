import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import type { FieldDefinition, PlatformIdentifier, ResourceDefinition } from '../../../schemas/vocabulary';
import type { Nameable } from '../i18n/recordName';
import { inputByType, type SchemaInputProps } from './inputTypes';
import { formInputs } from './screen-config';
import { useFieldLock } from './fieldLock';
import { shownWhenDeclared } from './ShownWhen';

/** Fields that read better across the whole form: lists of records, tags, files, rich text. */
const isWide = (field: FieldDefinition) =>
  field.type === 'references' ||
  field.type === 'tags' ||
  field.type === 'media' ||
  (field.type === 'text' && field.rich);

interface DeclaredInputsProps {
  definition: ResourceDefinition;
  identifier: PlatformIdentifier | null;
  platformId: number | null;
  disabled?: boolean;
  /** The records of a referenced resource, when the form loaded them already. */
  choices?: (resource: string) => readonly Nameable[] | undefined;
  /** Two columns, wide fields across both (the exam form); one column otherwise. */
  twoColumns?: boolean;
}

/**
 * A form's inputs from its declaration (STYLE.md "Views from a type map"): one per field that
 * applies on the platform and that a form edits, in the declaration's order, drawn by its type.
 * A field added to a declaration appears here with no other console change.
 */
export function DeclaredInputs({
  definition,
  identifier,
  platformId,
  disabled,
  choices,
  twoColumns,
}: DeclaredInputsProps) {
  // A field only some may edit (a student's extra time) is shown to the others, read-only.
  const locked = useFieldLock();
  const inputs = formInputs(definition, identifier).map(({ source, field }) => {
    const Input = inputByType[field.type] as (props: SchemaInputProps) => ReactNode;
    const loaded = field.type === 'reference' || field.type === 'references' ? choices?.(field.resource) : undefined;
    const input = (
      <Input
        key={source}
        resource={definition.name}
        source={source}
        field={field}
        platformId={platformId}
        disabled={disabled}
        readOnly={locked(field)}
        choices={loaded}
      />
    );
    const placed =
      twoColumns && isWide(field) ? (
        <Box key={source} sx={{ gridColumn: '1 / -1' }}>
          {input}
        </Box>
      ) : (
        input
      );
    return shownWhenDeclared(source, field, placed);
  });
  if (!twoColumns) return <>{inputs}</>;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 3, width: '100%' }}>
      {inputs}
    </Box>
  );
}
