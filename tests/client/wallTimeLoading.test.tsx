import { render, screen } from '@testing-library/react';
import { AdminContext, Form } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { describe, expect, it, vi } from 'vitest';
import { catalogs } from '../../locales';
import { WallTimeInput } from '../../src/client/components/WallTimeInput';

// The picker's chunk never arrives: the field that holds its place is what a slow network shows.
vi.mock('../../src/client/components/WallTimePicker', () => new Promise(() => undefined));

describe('a date-time field while its picker loads', () => {
  for (const language of ['en', 'ar'] as const)
    it(`is a disabled field named by its label, never an unnamed input, in ${language}`, async () => {
      const i18nProvider = polyglotI18nProvider(() => catalogs[language], language);
      render(
        <AdminContext i18nProvider={i18nProvider}>
          <Form>
            <WallTimeInput source="start_date_time" label="resources.exams.fields.start_date_time" />
          </Form>
        </AdminContext>,
      );
      const name = (catalogs[language].resources as Record<string, { fields: Record<string, string> }>).exams.fields
        .start_date_time;
      const field = await screen.findByRole('textbox', { name });
      expect(field).toBeDisabled();
      expect(field).toHaveAttribute('aria-busy', 'true');
    });
});
