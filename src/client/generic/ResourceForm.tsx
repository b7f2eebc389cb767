import type { ReactNode } from 'react';
import { Button, FormDataConsumer, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { ResourceDefinition } from '../../../schemas/vocabulary';
import { inputByType, type SchemaInputProps } from './inputTypes';
import { shownWhenDeclared } from './ShownWhen';
import { isFormComplete, type InputSpec } from './screen-config';
import { useFieldLock } from './fieldLock';

interface ResourceFormProps {
  definition: ResourceDefinition;
  inputs: readonly InputSpec[];
  /** The selected platform of a platform-scoped form (filters reference dropdowns). */
  platformId: number | null;
  /** Shown above the inputs (the selected platform's name). */
  header?: ReactNode;
  /** Extra toolbar buttons after Save (delete on an edit page). */
  actions?: ReactNode;
  /** Where Cancel goes (the list), leaving the form unsaved; a dialog has its own close. */
  cancelTo?: string;
}

/** SPEC section 5: Save stays disabled until every required visible field has a value. */
function FormToolbar({
  inputs,
  actions,
  cancelTo,
}: {
  inputs: readonly InputSpec[];
  actions?: ReactNode;
  cancelTo?: string;
}) {
  return (
    <Toolbar sx={{ gap: 2 }}>
      <FormDataConsumer>
        {({ formData }) => <SaveButton disabled={!isFormComplete(inputs, formData)} />}
      </FormDataConsumer>
      {cancelTo && <Button component={RouterLink} to={cancelTo} label="ra.action.cancel" size="medium" />}
      {actions}
    </Toolbar>
  );
}

/** The values a new record starts with: the declared defaults (a platform's tier thresholds). */
const defaultsOf = (inputs: readonly InputSpec[]) =>
  Object.fromEntries(
    inputs
      .filter(({ field }) => field.default !== undefined && field.default !== null)
      .map(({ source, field }) => [source, structuredClone(field.default)]),
  );

/**
 * One form for create and edit: an input per visible field, drawn from the type map; a field
 * declared `shownWhen` appears while the field it follows holds one of its values.
 */
export function ResourceForm({ definition, inputs, platformId, header, actions, cancelTo }: ResourceFormProps) {
  // A field only some may edit (a student's extra time) is shown to the others, read-only.
  const locked = useFieldLock();
  return (
    <SimpleForm
      toolbar={<FormToolbar inputs={inputs} actions={actions} cancelTo={cancelTo} />}
      defaultValues={defaultsOf(inputs)}
      sx={{ maxWidth: 640 }}
    >
      {header}
      {inputs.map(({ source, field }) => {
        const Input = inputByType[field.type] as (props: SchemaInputProps) => ReactNode;
        return shownWhenDeclared(
          source,
          field,
          <Input
            key={source}
            resource={definition.name}
            source={source}
            field={field}
            platformId={platformId}
            readOnly={locked(field)}
          />,
        );
      })}
    </SimpleForm>
  );
}
