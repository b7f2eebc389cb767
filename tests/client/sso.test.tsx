import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider } from '../../src/client/auth/authProvider';
import { areaPermission, permissionFor } from '../../src/common/permissions';
import { adminRole, makeUser, signIn } from './support/fixtures';
import { renderApp } from './support/render';
import { server } from './support/server';

/** Issue 46, single sign-on in the console: the sign-in page's buttons and refusals, and the provider's sign-out. */
describe('single sign-on on the sign-in page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('offers one button per provider, each a link to the server start address', async () => {
    server.use(
      http.get('*/api/sso/providers', () =>
        HttpResponse.json({
          data: [
            { key: 'entra', name: 'Ministry account' },
            { key: 'google', name: 'Google' },
          ],
        }),
      ),
    );
    renderApp('/login');
    const entra = await screen.findByRole('link', { name: 'Sign in with Ministry account' });
    expect(entra).toHaveAttribute('href', '/api/sso/entra/start');
    expect(screen.getByRole('link', { name: 'Sign in with Google' })).toHaveAttribute('href', '/api/sso/google/start');
    // The password form stays.
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('brings a signed-out user back to the page they opened once the provider signed them in', async () => {
    server.use(
      http.get('*/api/sso/providers', () => HttpResponse.json({ data: [{ key: 'entra', name: 'Ministry' }] })),
    );
    renderApp('/exams?page=2');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    const button = await screen.findByRole('link', { name: 'Sign in with Ministry' });
    expect(button).toHaveAttribute('href', `/api/sso/entra/start?${new URLSearchParams({ return: '/exams?page=2' })}`);
  });

  it('shows no button and no error when none is configured or the list cannot be read', async () => {
    server.use(http.get('*/api/sso/providers', () => HttpResponse.json({ message: 'down' }, { status: 500 })));
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: /Sign in with/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why the server sent the browser back, and ignores a reason it does not know', async () => {
    renderApp('/login?sso_error=unknown_account');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account at the sign-in service is not linked to an account here.',
    );
  });

  it('ignores a reason it does not know', async () => {
    renderApp('/login?sso_error=<script>');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("sends the browser to the provider's sign-out when the server names one, and clears the local session", async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    signIn(makeUser([areaPermission('exams', 'view')]));
    server.use(
      http.post('*/api/logout', () =>
        HttpResponse.json({ data: { logout_url: 'https://login.example.org/logout?client_id=ltm' } }),
      ),
    );
    // False: react-admin goes nowhere itself; the provider sends the browser back to /login.
    await expect(createAuthProvider().logout({})).resolves.toBe(false);
    expect(assign).toHaveBeenCalledWith('https://login.example.org/logout?client_id=ltm');
    expect(window.localStorage.getItem('user')).toBeNull();
  });
});

const settingsUser = () =>
  makeUser(
    [
      areaPermission('sso-providers', 'view'),
      permissionFor('sso-providers', 'edit'),
      areaPermission('platforms', 'view'),
    ],
    { roles: [adminRole] },
  );

describe('single sign-on settings', () => {
  it('edits a provider on the declared form: the client secret typed hidden and never filled in', async () => {
    signIn(
      makeUser(
        [
          areaPermission('sso-providers', 'view'),
          permissionFor('sso-providers', 'edit'),
          areaPermission('platforms', 'view'),
        ],
        { roles: [adminRole] },
      ),
    );
    const provider = {
      id: 3,
      key: 'entra',
      name: 'Ministry account',
      name_en: 'Ministry account',
      name_ar: 'حساب الوزارة',
      protocol: 'oidc',
      issuer: 'https://login.example.org/tenant/v2.0',
      client_id: 'ltm',
      client_secret: null,
      client_secret_set: true,
      scopes: 'openid email profile groups',
      is_active: true,
      allow_create: true,
      role_claim: 'groups',
      role_map: 'teachers = author',
      student_claim: null,
      sso_url: null,
      idp_certificate: null,
      created_at: '2026-12-01T10:00:00Z',
      updated_at: '2026-12-01T10:00:00Z',
    };
    server.use(http.get('*/api/sso-providers/3', () => HttpResponse.json({ data: provider })));
    renderApp('/settings/sso-providers/3');
    expect(await screen.findByDisplayValue('https://login.example.org/tenant/v2.0')).toBeInTheDocument();
    const secret = screen.getByLabelText('Client secret');
    expect(secret).toHaveAttribute('type', 'password');
    expect(secret).toHaveValue('');
    expect(screen.getByDisplayValue('teachers = author').tagName).toBe('TEXTAREA');
  });

  it('shows a SAML provider its sign-in address and certificate, not the OpenID Connect client', async () => {
    signIn(settingsUser());
    const provider = {
      id: 4,
      key: 'district',
      name: 'District',
      name_en: 'District',
      name_ar: 'المديرية',
      protocol: 'saml',
      issuer: 'https://idp.district.test/saml',
      client_id: null,
      client_secret: null,
      client_secret_set: false,
      scopes: 'openid email profile',
      is_active: true,
      allow_create: false,
      role_claim: null,
      role_map: null,
      student_claim: 'studentNumber',
      sso_url: 'https://idp.district.test/saml/sso',
      idp_certificate: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
      created_at: '2026-12-01T10:00:00Z',
      updated_at: '2026-12-01T10:00:00Z',
    };
    server.use(http.get('*/api/sso-providers/4', () => HttpResponse.json({ data: provider })));
    renderApp('/settings/sso-providers/4');
    expect(await screen.findByDisplayValue('https://idp.district.test/saml/sso')).toBeInTheDocument();
    expect(screen.getByLabelText('Identity provider signing certificate').tagName).toBe('TEXTAREA');
    expect(screen.queryByLabelText('Client ID')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Client secret')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Scopes')).not.toBeInTheDocument();
  });
});
