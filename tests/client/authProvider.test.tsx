import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { createAuthProvider } from '../../src/client/auth/authProvider';
import { areaPermission, ROLES } from '../../src/common/permissions';
import { makeUser, signIn } from './support/fixtures';
import { renderApp } from './support/render';
import { recorder, server } from './support/server';

describe('authProvider', () => {
  it('rejects on 401 only, so react-admin logs out of a lost session and never on a refusal (403)', async () => {
    const auth = createAuthProvider();
    await expect(auth.checkError(new HttpError('Please sign in to continue.', 401))).rejects.toThrow(
      'ra.notification.logged_out',
    );
    for (const status of [400, 403, 404, 409, 418, 422, 429, 500]) {
      await expect(auth.checkError(new HttpError('nope', status))).resolves.toBeUndefined();
    }
  });

  it('asks the server nothing for a visitor who never signed in on this browser', async () => {
    const calls = recorder();
    server.use(
      http.get('*/api/user', ({ request }) => {
        calls.record(request);
        return HttpResponse.json({ message: 'Please sign in to continue.' }, { status: 401 });
      }),
    );
    await expect(createAuthProvider().checkAuth({})).rejects.toThrow('ra.auth.auth_check_error');
    expect(calls.requests).toHaveLength(0);
  });

  it('checks the session with the server once per page load, then trusts the stored user', async () => {
    const account = makeUser();
    window.localStorage.setItem('user', JSON.stringify(account));
    const calls = recorder();
    server.use(
      http.get('*/api/user', ({ request }) => {
        calls.record(request);
        return HttpResponse.json({ data: account });
      }),
    );
    const auth = createAuthProvider();

    await auth.checkAuth({});
    await auth.checkAuth({});

    expect(calls.requests).toHaveLength(1);
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}').id).toBe(account.id);
  });

  it('signs out a user whose platforms permission was withdrawn', async () => {
    window.localStorage.setItem('user', JSON.stringify(makeUser()));
    const logouts = recorder();
    server.use(
      http.get('*/api/user', () => HttpResponse.json({ data: makeUser([], { permissions: [] }) })),
      http.post('*/api/logout', ({ request }) => {
        logouts.record(request);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const auth = createAuthProvider();

    await expect(auth.checkAuth({})).rejects.toThrow('errors.app_denied');
    expect(logouts.requests).toHaveLength(1);
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('rejects checkAuth when nobody is signed in and forgets a stale stored user', async () => {
    window.localStorage.setItem('user', JSON.stringify(makeUser()));
    await expect(createAuthProvider().checkAuth({})).rejects.toThrow('ra.auth.auth_check_error');
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('keeps a stored session when the server is briefly unavailable', async () => {
    window.localStorage.setItem('user', JSON.stringify(makeUser()));
    server.use(http.get('*/api/user', () => HttpResponse.json({ message: 'down' }, { status: 503 })));
    await expect(createAuthProvider().checkAuth({})).resolves.toBeUndefined();
  });

  it('logs out on the server, clears the stored user and session storage, and goes to /login', async () => {
    const logouts = recorder();
    server.use(
      http.post('*/api/logout', ({ request }) => {
        logouts.record(request);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    window.localStorage.setItem('user', JSON.stringify(makeUser()));
    window.localStorage.setItem('language', 'ar');
    window.sessionStorage.setItem('platforms.ar', '[]');

    await expect(createAuthProvider().logout({})).resolves.toBe('/login');

    expect(logouts.requests[0].headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(window.localStorage.getItem('language')).toBe('ar');
    expect(window.sessionStorage.length).toBe(0);
  });

  it('gives the identity and the permission strings of the stored user', async () => {
    const account = makeUser([areaPermission('exams', 'view')], {
      roles: [{ name: 'Administrator', role: ROLES.admin }],
    });
    window.localStorage.setItem('user', JSON.stringify(account));
    const auth = createAuthProvider();

    await expect(auth.getIdentity?.()).resolves.toEqual({
      id: account.id,
      fullName: account.name,
      email: account.email,
      roles: account.roles,
    });
    await expect(auth.getPermissions?.({})).resolves.toEqual(account.permissions.map((entry) => entry.permission));
  });
});

describe('losing access while signed in', () => {
  it('a 403 from the API keeps the user signed in on the page', async () => {
    // react-admin logs failed data calls to the console in development; expected here.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const admin = makeUser([areaPermission('demo-requests', 'view')], {
      roles: [{ name: 'Administrator', role: ROLES.admin }],
    });
    signIn(admin);
    const logouts = recorder();
    server.use(
      http.get('*/api/demo-requests', () =>
        HttpResponse.json({ message: "You don't have permissions to access this data." }, { status: 403 }),
      ),
      http.post('*/api/logout', ({ request }) => {
        logouts.record(request);
        return new HttpResponse(null, { status: 204 });
      }),
    );

    renderApp('/demo-requests');

    expect(await screen.findByText("You don't have permissions to access this data.")).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(window.location.pathname).toBe('/demo-requests');
    expect(screen.getByTestId('user-menu')).toBeInTheDocument();
    expect(logouts.requests).toHaveLength(0);
    expect(window.localStorage.getItem('user')).not.toBeNull();
    consoleError.mockRestore();
  });
});
