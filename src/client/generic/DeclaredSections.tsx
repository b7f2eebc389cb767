import { Box, Divider, Typography } from '@mui/material';
import { Fragment, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { FieldDefinition, PlatformIdentifier, ResourceDefinition } from '../../../schemas/vocabulary';
import { formSections } from '../../common/declarations';
import { inputByType, type SchemaInputProps } from './inputTypes';
import { formInputs, labelKeys } from './screen-config';

/** A form's own input for some fields (an answer editor, an upload); null leaves a field out. */
export type InputOverrides = Readonly<Record<string, ReactNode | null>>;

interface DeclaredSectionsProps {
  definition: ResourceDefinition;
  identifier: PlatformIdentifier | null;
  platformId: number | null;
  disabled?: boolean;
  inputs?: InputOverrides;
}

/** One field's input, drawn by its type (the same map as `DeclaredInputs`). */
function DeclaredInput({
  definition,
  source,
  field,
  platformId,
  disabled,
}: {
  definition: ResourceDefinition;
  source: string;
  field: FieldDefinition;
  platformId: number | null;
  disabled?: boolean;
}) {
  const Input = inputByType[field.type] as (props: SchemaInputProps) => ReactNode;
  return <Input resource={definition.name} source={source} field={field} platformId={platformId} disabled={disabled} />;
}

/**
 * A form's inputs in its declaration's sections (`form.sections`, titled from the catalog), each
 * field that applies on the platform once, drawn by its type unless the form gives its own input
 * (`inputs`). A field added to the declaration shows in the section that takes the rest, with no
 * console change; where the form's own inputs go is the declaration's to say too.
 */
export function DeclaredSections({ definition, identifier, platformId, disabled, inputs = {} }: DeclaredSectionsProps) {
  const translate = useTranslate();
  const visible = new Map(formInputs(definition, identifier).map(({ source, field }) => [source, field]));
  return (
    <>
      {formSections(definition).map((section) => {
        const fields = section.fields.filter((source) => visible.has(source));
        if (fields.length === 0) return null;
        return (
          <Box component="section" key={section.key} sx={{ mb: 3 }} data-testid={`section-${section.key}`}>
            <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
              {translate(labelKeys(definition.name).section(section.key))}
            </Typography>
            <Box
              sx={
                section.columns === 2
                  ? { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }
                  : undefined
              }
            >
              {fields.map((source) =>
                source in inputs ? (
                  <Fragment key={source}>{inputs[source]}</Fragment>
                ) : (
                  <DeclaredInput
                    key={source}
                    definition={definition}
                    source={source}
                    field={visible.get(source)!}
                    platformId={platformId}
                    disabled={disabled}
                  />
                ),
              )}
            </Box>
            <Divider sx={{ mt: 2 }} />
          </Box>
        );
      })}
    </>
  );
}
