import { Button, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, PasswordInput, useNotify, useTranslate } from 'react-admin';
import { useFormFailure } from '../../components/useFormFailure';
import { labelKeys } from '../../generic';
import { useAppDataProvider } from '../../providers/appDataProvider';
import type { PasswordReset } from '../../providers/userMethods';
import { PASSWORD_RULES, validateConfirmation, validatePassword } from './userValidation';

/** An administrator sets another user's password; the server's rule errors land under the fields. */
export function SetPasswordForm({ userId }: { userId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const fail = useFormFailure('users.password_failed');
  const dataProvider = useAppDataProvider();
  // Remounting empties both fields after a change: passwords should not linger on screen.
  const [formKey, setFormKey] = useState(0);
  const label = labelKeys('users').field;

  const submit = async (values: Partial<PasswordReset>) => {
    try {
      const { data } = await dataProvider.setUserPassword(userId, values as PasswordReset);
      // A lost session: react-admin's data provider has signed out and answered an empty record.
      if (data?.id === undefined) return undefined;
      notify('users.password_changed', { type: 'success' });
      setFormKey((key) => key + 1);
      return undefined;
    } catch (error) {
      return fail(error);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2, maxWidth: 640 }} data-testid="set-password">
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('users.password_title')}
      </Typography>
      <Form key={formKey} onSubmit={submit} noValidate>
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
        <Button type="submit" variant="outlined">
          {translate('users.set_password')}
        </Button>
      </Form>
    </Paper>
  );
}
