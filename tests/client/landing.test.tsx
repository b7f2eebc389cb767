import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { areaPermission } from '../../src/common/permissions';
import { makeUser, signIn } from './support/fixtures';
import { renderApp } from './support/render';
import { recorder, server } from './support/server';

const DEMO_MESSAGES = [
  'Please fill your first name',
  'Please fill your last name',
  'Please fill your institute',
  'Please enter a valid email',
  'Please select a country',
];

function demoForm() {
  return within(screen.getByRole('region', { name: 'Request a demo' }));
}

describe('landing page', () => {
  it('describes the four skills', async () => {
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Measure Arabic language skills with confidence' }),
    ).toBeInTheDocument();
    for (const skill of ['Reading', 'Writing', 'Listening', 'Speaking']) {
      expect(screen.getByRole('heading', { level: 3, name: skill })).toBeInTheDocument();
    }
    expect(document.title).toBe('Home | Arabic Benchmark Assessment');
  });

  it('shows the five messages when the demo form is sent empty', async () => {
    const calls = recorder();
    server.use(
      http.post('*/api/demo-requests', ({ request }) => {
        calls.record(request);
        return HttpResponse.json({ data: {}, message: 'ok' }, { status: 201 });
      }),
    );
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });

    await userEvent.setup().click(demoForm().getByRole('button', { name: 'Send request' }));

    for (const message of DEMO_MESSAGES) expect(await demoForm().findByText(message)).toBeInTheDocument();
    expect(calls.requests).toHaveLength(0);
  });

  it('sends a filled request with the country code and confirms it', async () => {
    const calls = recorder();
    server.use(
      http.post('*/api/demo-requests', ({ request }) => {
        calls.record(request);
        return HttpResponse.json({ data: { id: 1 }, message: 'Thank you, we will contact you soon.' }, { status: 201 });
      }),
    );
    renderApp('/');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1 });

    await user.type(demoForm().getByRole('textbox', { name: /First name/ }), 'Layla');
    await user.type(demoForm().getByRole('textbox', { name: /Last name/ }), 'Nasser');
    await user.type(demoForm().getByRole('textbox', { name: /Institute/ }), 'Amman Academy');
    await user.type(demoForm().getByRole('textbox', { name: /Email/ }), 'layla@example.test');
    await user.type(demoForm().getByRole('combobox', { name: /Country/ }), 'Jord');
    await user.click(await screen.findByRole('option', { name: 'Jordan' }));
    await user.click(demoForm().getByRole('button', { name: 'Send request' }));

    expect(await screen.findByText('Thank you, we will contact you soon.')).toBeInTheDocument();
    expect(await calls.requests[0].json()).toEqual({
      first_name: 'Layla',
      last_name: 'Nasser',
      institute: 'Amman Academy',
      email: 'layla@example.test',
      country: 'JO',
    });
    expect(calls.requests[0].headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('shows the throttling message from the server', async () => {
    server.use(
      http.post('*/api/demo-requests', () =>
        HttpResponse.json({ message: 'Too many requests. Please wait a moment and try again.' }, { status: 429 }),
      ),
    );
    renderApp('/');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1 });
    await user.type(demoForm().getByRole('textbox', { name: /First name/ }), 'Layla');
    await user.type(demoForm().getByRole('textbox', { name: /Last name/ }), 'Nasser');
    await user.type(demoForm().getByRole('textbox', { name: /Institute/ }), 'Amman Academy');
    await user.type(demoForm().getByRole('textbox', { name: /Email/ }), 'layla@example.test');
    await user.type(demoForm().getByRole('combobox', { name: /Country/ }), 'Egy');
    await user.click(await screen.findByRole('option', { name: 'Egypt' }));
    await user.click(demoForm().getByRole('button', { name: 'Send request' }));

    expect(await screen.findByText('Too many requests. Please wait a moment and try again.')).toBeInTheDocument();
  });

  it('names the countries in Arabic on an Arabic page', async () => {
    renderApp('/', 'ar');
    const user = userEvent.setup();
    const form = within(await screen.findByRole('region', { name: 'اطلب عرضًا توضيحيًا' }));
    await user.type(form.getByRole('combobox', { name: /الدولة/ }), 'الأر');
    expect(await screen.findByRole('option', { name: 'الأردن' })).toBeInTheDocument();
  });

  it('sends a signed-in user on to the exams', async () => {
    signIn(makeUser([areaPermission('exams', 'view')]));
    renderApp('/');
    await waitFor(() => expect(window.location.pathname).toBe('/exams'));
    expect(await screen.findByRole('heading', { name: 'Exams', level: 1 })).toBeInTheDocument();
  });
});
