import { Button } from '@mui/material';
import { Form, required, TextInput, useGetIdentity, useNotify, useTranslate } from 'react-admin';
import { storeUser } from '../auth';
import { useFormFailure } from '../components/useFormFailure';
import { useAppDataProvider } from '../providers/appDataProvider';

export function ChangeNameForm({ name }: { name: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { refetch } = useGetIdentity();
  const fail = useFormFailure('profile.info_failed');
  const dataProvider = useAppDataProvider();

  const submit = async (values: { name?: string }) => {
    try {
      const { data: user } = await dataProvider.updateProfileInformation((values.name ?? '').trim());
      // A lost session: react-admin's data provider has signed out and answered an empty record.
      if (user?.id === undefined) return undefined;
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
