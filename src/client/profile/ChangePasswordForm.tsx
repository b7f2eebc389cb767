import { Button } from '@mui/material';
import { useState } from 'react';
import { Form, PasswordInput, required, useNotify, useTranslate, type Validator } from 'react-admin';
import { useFormFailure } from '../components/useFormFailure';
import { useAppDataProvider } from '../providers/appDataProvider';
import type { PasswordChange } from '../providers/profileMethods';

const matchesPassword: Validator = (value, values) =>
  value && value !== values.password ? 'validation.password_mismatch' : undefined;

/** Password rules are the server's (SPEC section 5 shows none); its 422 errors land under the fields. */
export function ChangePasswordForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const fail = useFormFailure('profile.password_failed');
  const dataProvider = useAppDataProvider();
  // Remounting empties the three fields after a change: passwords should not linger.
  const [formKey, setFormKey] = useState(0);

  const submit = async (values: Partial<PasswordChange>) => {
    try {
      const { data } = await dataProvider.changeOwnPassword(values as PasswordChange);
      // A lost session: react-admin's data provider has signed out and answered an empty record.
      if (!data?.changed) return undefined;
      const message = data.message || 'profile.password_changed';
      notify(message, { type: 'success', messageArgs: { _: message } });
      setFormKey((key) => key + 1);
      return undefined;
    } catch (error) {
      return fail(error);
    }
  };

  return (
    <Form key={formKey} onSubmit={submit} noValidate>
      <PasswordInput
        source="current_password"
        label="profile.current_password"
        autoComplete="current-password"
        validate={required('validation.current_password_required')}
      />
      <PasswordInput
        source="password"
        label="profile.password"
        autoComplete="new-password"
        validate={required('validation.password_required')}
      />
      <PasswordInput
        source="password_confirmation"
        label="profile.password_confirmation"
        autoComplete="new-password"
        validate={[required('validation.password_required'), matchesPassword]}
      />
      <Button type="submit" variant="contained" sx={{ mt: 1 }}>
        {translate('profile.change_password')}
      </Button>
    </Form>
  );
}
