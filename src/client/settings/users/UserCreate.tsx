import {
  BooleanInput,
  Create,
  PasswordInput,
  SaveButton,
  SelectArrayInput,
  SimpleForm,
  TextInput,
  Toolbar,
} from 'react-admin';
import { SchoolsInput } from './SchoolsInput';
import { useNavigate } from 'react-router-dom';
import { labelKeys } from '../../generic';
import { useScreen } from '../../generic';
import { NoAccessMessage, ScreenHeading } from '../../generic';
import { useResourceNotify } from '../../generic';
import { useRoles } from './useRoles';
import { PASSWORD_RULES, validateConfirmation, validateEmail, validateName, validatePassword } from './userValidation';

/** A new account: name, email, password twice, roles and whether it may sign in. */
export function UserCreate() {
  const { definition, paths, access } = useScreen();
  const notify = useResourceNotify(definition);
  const navigate = useNavigate();
  const roles = useRoles();
  const label = labelKeys(definition.name).field;

  return (
    <>
      <ScreenHeading titleKey="settings.create_title" />
      {!access.canCreate ? (
        <NoAccessMessage />
      ) : (
        <Create
          resource={definition.name}
          title={false}
          actions={false}
          mutationOptions={{
            onSuccess: () => {
              notify.created();
              navigate(paths.list);
            },
            onError: (error: unknown) => notify.createError(error),
          }}
        >
          <SimpleForm
            defaultValues={{ roles: [], is_active: true, school_ids: [] }}
            sx={{ maxWidth: 640 }}
            noValidate
            toolbar={
              <Toolbar>
                {/* Enabled from the start: submitting an empty form shows what is missing (SPEC section 5, users form). */}
                <SaveButton alwaysEnable />
              </Toolbar>
            }
          >
            <TextInput source="name" label={label('name')} validate={validateName} autoComplete="off" fullWidth />
            <TextInput
              source="email"
              label={label('email')}
              type="email"
              validate={validateEmail}
              autoComplete="off"
              fullWidth
            />
            <PasswordInput
              source="password"
              label={label('password')}
              validate={validatePassword}
              helperText={PASSWORD_RULES}
              autoComplete="new-password"
              fullWidth
            />
            <PasswordInput
              source="password_confirmation"
              label={label('password_confirmation')}
              validate={validateConfirmation}
              autoComplete="new-password"
              fullWidth
            />
            <SelectArrayInput
              source="roles"
              label={label('roles')}
              choices={roles ?? []}
              optionValue="role"
              optionText="name"
              translateChoice={false}
              isPending={roles === null}
              fullWidth
            />
            <BooleanInput source="is_active" label={label('is_active')} />
            <SchoolsInput label={label('school_ids')} />
          </SimpleForm>
        </Create>
      )}
    </>
  );
}
