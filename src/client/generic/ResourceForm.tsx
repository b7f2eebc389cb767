import type { ReactNode } from 'react';
import { FormDataConsumer, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import type { ResourceDefinition } from '../../../schemas/vocabulary';
import { inputByType, type SchemaInputProps } from './inputTypes';
import { isFormComplete, type InputSpec } from './screen-config';

interface ResourceFormProps {
  definition: ResourceDefinition;
  inputs: readonly InputSpec[];
  /** The selected platform of a platform-scoped form (filters reference dropdowns). */
  platformId: number | null;
  /** Shown above the inputs (the selected platform's name). */
  header?: ReactNode;
  /** Extra toolbar buttons after Save (delete on an edit page). */
  actions?: ReactNode;
}

/** SPEC section 5: Save stays disabled until every required visible field has a value. */
function FormToolbar({ inputs, actions }: { inputs: readonly InputSpec[]; actions?: ReactNode }) {
  return (
    <Toolbar sx={{ gap: 2 }}>
      <FormDataConsumer>{({ formData }) => <SaveButton disabled={!isFormComplete(inputs, formData)} />}</FormDataConsumer>
      {actions}
    </Toolbar>
  );
}

/** One form for create and edit: an input per visible field, drawn from the type map. */
export function ResourceForm({ definition, inputs, platformId, header, actions }: ResourceFormProps) {
  return (
    <SimpleForm toolbar={<FormToolbar inputs={inputs} actions={actions} />} sx={{ maxWidth: 640 }}>
      {header}
      {inputs.map(({ source, field }) => {
        const Input = inputByType[field.type] as (props: SchemaInputProps) => ReactNode;
        return <Input key={source} resource={definition.name} source={source} field={field} platformId={platformId} />;
      })}
    </SimpleForm>
  );
}
