import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { areaPermission } from '../../src/common/permissions';
import { makeUser } from './support/fixtures';
import { renderApp } from './support/render';
import { recorder, server } from './support/server';

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: /email/i }), email);
  await user.type(screen.getByLabelText(/password/i, { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login page', () => {
  it('signs in, stores the user and opens the exams', async () => {
    const account = makeUser([areaPermission('exams', 'view')]);
    const logins = recorder();
    server.use(
      http.post('*/api/login', async ({ request }) => {
        logins.record(request);
        server.use(http.get('*/api/user', () => HttpResponse.json({ data: account })));
        return HttpResponse.json({ data: account });
      }),
    );
    renderApp('/login');

    await fillAndSubmit('mona@example.test', 'secret-123');

    expect(await screen.findByRole('heading', { name: 'Exams', level: 1 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/exams');
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toMatchObject({
      id: account.id,
      email: account.email,
    });
    const sent = logins.requests[0];
    expect(await sent.json()).toEqual({ email: 'mona@example.test', password: 'secret-123' });
    expect(sent.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(sent.headers.get('Accept-Language')).toBe('en');
    expect(sent.credentials).toBe('include');
  });

  it('opens the profile for a user who may not list exams', async () => {
    const account = makeUser();
    server.use(
      http.post('*/api/login', () => {
        server.use(http.get('*/api/user', () => HttpResponse.json({ data: account })));
        return HttpResponse.json({ data: account });
      }),
    );
    renderApp('/login');

    await fillAndSubmit('mona@example.test', 'secret-123');

    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/profile');
  });

  it('returns to the page that asked for a sign-in', async () => {
    const account = makeUser([areaPermission('exams', 'view')]);
    server.use(
      http.post('*/api/login', () => {
        server.use(http.get('*/api/user', () => HttpResponse.json({ data: account })));
        return HttpResponse.json({ data: account });
      }),
    );
    renderApp('/profile');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));

    await fillAndSubmit('mona@example.test', 'secret-123');

    await waitFor(() => expect(window.location.pathname).toBe('/profile'));
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeInTheDocument();
  });

  it("keeps a sign-in that ended in a redirect (single sign-on: the server's hint, no stored user) and opens the home", async () => {
    const account = makeUser([areaPermission('exams', 'view')]);
    const logouts = recorder();
    server.use(
      http.get('*/api/user', () => HttpResponse.json({ data: account })),
      http.post('*/api/logout', ({ request }) => {
        logouts.record(request);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    document.cookie = 'ltm_signed_in=1; path=/';
    try {
      renderApp('/');
      expect(await screen.findByRole('heading', { name: 'Exams', level: 1 })).toBeInTheDocument();
      expect(window.location.pathname).toBe('/exams');
      expect(logouts.requests).toHaveLength(0);
    } finally {
      document.cookie = 'ltm_signed_in=; path=/; max-age=0';
    }
  });

  it('keeps a redirect sign-in when the server cannot be reached to check it: no sign-out, the hint stays, a reload goes on', async () => {
    const account = makeUser([areaPermission('exams', 'view')]);
    const logouts = recorder();
    server.use(
      http.get('*/api/user', () => HttpResponse.json({ message: 'busy' }, { status: 503 })),
      http.post('*/api/logout', ({ request }) => {
        logouts.record(request);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    document.cookie = 'ltm_signed_in=1; path=/';
    try {
      const first = renderApp('/exams');
      await waitFor(() => expect(window.location.pathname).toBe('/login'));
      expect(await screen.findByText(/You are still signed in: reload the page/)).toBeInTheDocument();
      expect(logouts.requests).toHaveLength(0);
      expect(document.cookie).toContain('ltm_signed_in=1');
      first.unmount();

      server.use(http.get('*/api/user', () => HttpResponse.json({ data: account })));
      renderApp('/exams');
      expect(await screen.findByRole('heading', { name: 'Exams', level: 1 })).toBeInTheDocument();
      expect(logouts.requests).toHaveLength(0);
    } finally {
      document.cookie = 'ltm_signed_in=; path=/; max-age=0';
    }
  });

  it('says on the home a redirect sign-in ended on that the session is kept when the server cannot be reached', async () => {
    server.use(http.get('*/api/user', () => HttpResponse.json({ message: 'busy' }, { status: 503 })));
    document.cookie = 'ltm_signed_in=1; path=/';
    try {
      renderApp('/');
      expect(await screen.findByText(/You are still signed in: reload the page/)).toBeInTheDocument();
      expect(window.location.pathname).toBe('/');
      expect(document.cookie).toContain('ltm_signed_in=1');
    } finally {
      document.cookie = 'ltm_signed_in=; path=/; max-age=0';
    }
  });

  it('takes the server’s word over another account still stored, when a sign-in elsewhere put someone else here', async () => {
    // Account 7 (no exams) is stored; account 12 (exams) signed in through a redirect since.
    window.localStorage.setItem('user', JSON.stringify(makeUser([], { id: 7 })));
    const account = makeUser([areaPermission('exams', 'view')], { id: 12, email: 'omar@example.test' });
    server.use(http.get('*/api/user', () => HttpResponse.json({ data: account })));
    document.cookie = 'ltm_signed_in=12; path=/';
    try {
      renderApp('/exams');
      expect(await screen.findByRole('heading', { name: 'Exams', level: 1 })).toBeInTheDocument();
      expect(window.location.pathname).toBe('/exams');
      expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toMatchObject({ id: 12 });
    } finally {
      document.cookie = 'ltm_signed_in=; path=/; max-age=0';
    }
  });

  it("shows the server's 401 message", async () => {
    server.use(
      http.post('*/api/login', () => HttpResponse.json({ message: 'Invalid login details' }, { status: 401 })),
    );
    renderApp('/login');

    await fillAndSubmit('mona@example.test', 'wrong-password');

    expect(await screen.findByText('Invalid login details')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('refuses a user without the platforms permission and signs them out on the server', async () => {
    const logouts = recorder();
    server.use(
      http.post('*/api/login', () => HttpResponse.json({ data: makeUser([], { permissions: [] }) })),
      http.post('*/api/logout', ({ request }) => {
        logouts.record(request);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/login');

    await fillAndSubmit('student@example.test', 'secret-123');

    expect(await screen.findByText("You don't have permissions to access this application.")).toBeInTheDocument();
    expect(logouts.requests).toHaveLength(1);
    expect(window.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('validates the fields before calling the server', async () => {
    renderApp('/login');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('speaks Arabic from right to left with the stored language', async () => {
    const logins = recorder();
    server.use(
      http.post('*/api/login', ({ request }) => {
        logins.record(request);
        return HttpResponse.json({ message: 'بيانات تسجيل الدخول غير صحيحة' }, { status: 401 });
      }),
    );
    renderApp('/login', 'ar');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /البريد الإلكتروني/ }), 'mona@example.test');
    await user.type(screen.getByLabelText(/كلمة المرور/, { selector: 'input' }), 'x');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));

    expect(await screen.findByText('بيانات تسجيل الدخول غير صحيحة')).toBeInTheDocument();
    expect(logins.requests[0].headers.get('Accept-Language')).toBe('ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
  });
});
