import { Button } from '@mui/material';
import { Form, required, TextInput, useGetIdentity, useNotify, useTranslate } from 'react-admin';
import { storeUser } from '../auth';
import { updateInformation } from './profileApi';
import { useFormFailure } from '../components/useFormFailure';

export function ChangeNameForm({ name }: { name: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { refetch } = useGetIdentity();
  const fail = useFormFailure('profile.info_failed');

  const submit = async (values: { name?: string }) => {
    try {
      const user = await updateInformation((values.name ?? '').trim());
      storeUser(user);
      // The header shows the name from the identity query: refresh it.
      await refetch();
      notify('profile.info_updated', { type: 'success' });
      return undefined;
    } catch (error) {
      return fail(error);
    }
  };

  return (
    <Form onSubmit={submit} defaultValues={{ name }} noValidate>
      <TextInput
        source="name"
        label="profile.name"
        autoComplete="name"
        validate={required('validation.name_required')}
      />
      <Button type="submit" variant="contained" sx={{ mt: 1 }}>
        {translate('profile.save')}
      </Button>
    </Form>
  );
}
