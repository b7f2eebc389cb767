import { Button, Grid } from '@mui/material';
import { useMemo, useState } from 'react';
import {
  AutocompleteInput,
  email,
  Form,
  required,
  TextInput,
  useLocaleState,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { Language } from '../../../locales';
import { errorMessage } from '../providers/errors';
import { http } from '../providers/http';
import { countryChoices } from '../../common/countries';

export interface DemoRequestValues {
  first_name: string;
  last_name: string;
  institute: string;
  email: string;
  country: string;
}

// SPEC section 5: these exact messages, shared with the server's validation.
const validators = {
  first_name: required('demo.first_name_required'),
  last_name: required('demo.last_name_required'),
  institute: required('demo.institute_required'),
  email: [required('demo.email_invalid'), email('demo.email_invalid')],
  country: required('demo.country_required'),
};

/** The public Request a Demo form; posts to `/api/demo-requests` without signing in. */
export function DemoRequestForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const choices = useMemo(() => countryChoices(locale as Language), [locale]);
  // Remounting the form is the simplest complete reset after a successful request.
  const [formKey, setFormKey] = useState(0);
  const [sending, setSending] = useState(false);

  const submit = async (values: Partial<DemoRequestValues>) => {
    setSending(true);
    try {
      const { json } = await http<{ message?: string }>('/demo-requests', { method: 'POST', body: values });
      const message = json?.message || 'landing.demo_sent';
      notify(message, { type: 'success', messageArgs: { _: message } });
      setFormKey((key) => key + 1);
      return undefined;
    } catch (error) {
      const message = errorMessage(error);
      notify(message, { type: 'error', messageArgs: { _: message } });
      // Field errors from the server show under their inputs.
      return (error as { body?: { errors?: Record<string, string> } }).body?.errors;
    } finally {
      setSending(false);
    }
  };

  return (
    <Form key={formKey} onSubmit={submit} noValidate>
      <Grid container columnSpacing={2}>
        <Grid size={6}>
          <TextInput
            source="first_name"
            label="landing.first_name"
            validate={validators.first_name}
            autoComplete="given-name"
          />
        </Grid>
        <Grid size={6}>
          <TextInput
            source="last_name"
            label="landing.last_name"
            validate={validators.last_name}
            autoComplete="family-name"
          />
        </Grid>
        <Grid size={12}>
          <TextInput
            source="institute"
            label="landing.institute"
            validate={validators.institute}
            autoComplete="organization"
          />
        </Grid>
        <Grid size={6}>
          <TextInput
            source="email"
            type="email"
            label="landing.email"
            validate={validators.email}
            autoComplete="email"
          />
        </Grid>
        <Grid size={6}>
          <AutocompleteInput source="country" label="landing.country" choices={choices} validate={validators.country} />
        </Grid>
      </Grid>
      <Button type="submit" variant="contained" size="large" disabled={sending} sx={{ mt: 2 }}>
        {translate('landing.submit')}
      </Button>
    </Form>
  );
}
