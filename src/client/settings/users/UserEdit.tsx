import { Paper } from '@mui/material';
import { BooleanInput, EditBase, SaveButton, SimpleForm, TextInput, Toolbar, useGetOne } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { DeleteRecordButton } from '../../generic';
import { labelKeys } from '../../generic';
import { useScreen } from '../../generic';
import { NoAccessMessage, ScreenHeading } from '../../generic';
import { useResourceNotify } from '../../generic';
import { RoleAssignment } from './RoleAssignment';
import { SchoolsInput } from './SchoolsInput';
import { ResetMfaPanel } from './ResetMfaPanel';
import { LinkedSignInsPanel } from './LinkedSignInsPanel';
import { SetPasswordForm } from './SetPasswordForm';
import type { ManagedUser } from '../../providers/userMethods';
import { validateEmail, validateName } from './userValidation';

/** The account's own fields; roles and password have their own calls (SPEC section 7, users). */
const toPayload = ({ name, email, is_active, school_ids }: Record<string, unknown>) => ({
  name,
  email,
  is_active: Boolean(is_active),
  school_ids: Array.isArray(school_ids) ? school_ids : [],
});

/** Edit name, email and active; assign and remove roles; set the password; reset the second factor; unlink outside sign-ins; delete. */
export function UserEdit() {
  const { definition, paths, access } = useScreen();
  const { id } = useParams<{ id: string }>();
  const notify = useResourceNotify(definition);
  const navigate = useNavigate();
  const backToList = () => navigate(paths.list);
  const label = labelKeys(definition.name).field;
  // The same query as the form's (react-query shares it): the role and password panels sit
  // outside the form, so the record's values do not become theirs.
  const { data } = useGetOne(definition.name, { id: id ?? '' }, { enabled: access.canEdit && id !== undefined });
  const user = data as ManagedUser | undefined;

  if (!access.canEdit) {
    return (
      <>
        <ScreenHeading titleKey="settings.edit_title" />
        <NoAccessMessage />
      </>
    );
  }
  return (
    <>
      <ScreenHeading titleKey="settings.edit_title" />
      <EditBase
        resource={definition.name}
        id={id}
        mutationMode="pessimistic"
        redirect={false}
        transform={toPayload}
        queryOptions={{
          onError: (error: unknown) => {
            notify.fetchError(error);
            backToList();
          },
        }}
        mutationOptions={{
          onSuccess: () => {
            notify.updated();
            backToList();
          },
          // A refused change to oneself (418: an admin disabling their own account) is worded by the server.
          onError: (error: unknown) => notify.updateError(error),
        }}
      >
        <Paper variant="outlined" sx={{ maxWidth: 640 }}>
          <SimpleForm
            noValidate
            toolbar={
              <Toolbar sx={{ gap: 2 }}>
                {/* Enabled from the start so an empty field explains itself (SPEC section 5, users form). */}
                <SaveButton alwaysEnable />
                {access.canDelete && <DeleteRecordButton definition={definition} onDeleted={backToList} />}
              </Toolbar>
            }
          >
            <TextInput source="name" label={label('name')} validate={validateName} fullWidth />
            <TextInput source="email" label={label('email')} type="email" validate={validateEmail} fullWidth />
            <BooleanInput source="is_active" label={label('is_active')} />
            <SchoolsInput label={label('school_ids')} />
          </SimpleForm>
        </Paper>
      </EditBase>
      {user && (
        <>
          <RoleAssignment key={user.id} user={user} />
          <SetPasswordForm userId={user.id} />
          {user.roles.some((role) => role.role !== 'student') && <ResetMfaPanel user={user} />}
          <LinkedSignInsPanel userId={user.id} />
        </>
      )}
    </>
  );
}
