import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { areaPermission, permissionFor, ROLES } from '../../src/common/permissions';
import type { MfaStatus } from '../../src/client/providers/mfaMethods';
import { formatDateTime } from '../../src/client/format';
import { adminRole, makeUser, signIn } from './support/fixtures';
import { renderApp } from './support/render';
import { recorder, server } from './support/server';

const statusOff: MfaStatus = { enabled: false, required: false, enabled_at: null, recovery_codes_left: 0 };

async function signInWithPassword() {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: /email/i }), 'mona@example.test');
  await user.type(screen.getByLabelText(/password/i, { selector: 'input' }), 'secret-123');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('two-step sign-in (issue 46)', () => {
  it('asks for the code after a right password and signs in with the challenge and code', async () => {
    const account = makeUser([areaPermission('exams', 'view')]);
    const seconds = recorder();
    server.use(
      http.post('*/api/login', () => HttpResponse.json({ data: { mfa_required: true, challenge: 'ch-1' } })),
      http.post('*/api/login/mfa', async ({ request }) => {
        seconds.record(request);
        const body = (await request.clone().json()) as { code: string };
        if (body.code !== '123456') {
          return HttpResponse.json(
            { message: 'The code is not right.', errors: { code: ['The code is not right.'] } },
            { status: 422 },
          );
        }
        server.use(http.get('*/api/user', () => HttpResponse.json({ data: account })));
        return HttpResponse.json({ data: account });
      }),
    );
    renderApp('/login');
    const user = await signInWithPassword();

    const code = await screen.findByRole('textbox', { name: /code/i });
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(window.localStorage.getItem('user')).toBeNull();

    // An empty code is refused on the page; a wrong one shows the server's words.
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the code from your authenticator app.')).toBeInTheDocument();
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is not right.')).toBeInTheDocument();

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Exams', level: 1 })).toBeInTheDocument();
    expect(seconds.requests).toHaveLength(2);
    expect(await seconds.requests[1].json()).toEqual({ challenge: 'ch-1', code: '123456' });
  });

  it('takes a recovery code instead, and starts again from the password', async () => {
    server.use(http.post('*/api/login', () => HttpResponse.json({ data: { mfa_required: true, challenge: 'ch-2' } })));
    renderApp('/login');
    const user = await signInWithPassword();

    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    const recovery = screen.getByRole('textbox', { name: /recovery code/i });
    expect(recovery).not.toHaveAttribute('inputmode');
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('sends a user whose role requires it to the profile until the app is set up', async () => {
    const account = makeUser([areaPermission('exams', 'view')], {
      roles: [adminRole],
      mfa: { enabled: false, required: true },
    });
    server.use(
      http.post('*/api/login', () => {
        server.use(http.get('*/api/user', () => HttpResponse.json({ data: account })));
        return HttpResponse.json({ data: account });
      }),
      http.get('*/api/account/mfa', () => HttpResponse.json({ data: { ...statusOff, required: true } })),
    );
    renderApp('/login');
    await signInWithPassword();

    await waitFor(() => expect(window.location.pathname).toBe('/profile'));
    expect(
      await screen.findByText('Your role requires two-step sign-in. Set it up to go on using the console.'),
    ).toBeInTheDocument();
  });

  it('sets up the app on the profile, then shows the recovery codes once', async () => {
    signIn(makeUser([], { mfa: { enabled: false, required: false } }));
    let status = statusOff;
    const enables = recorder();
    server.use(
      http.get('*/api/account/mfa', () => HttpResponse.json({ data: status })),
      http.post('*/api/account/mfa/setup', () =>
        HttpResponse.json({
          data: {
            secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
            otpauth_url: 'otpauth://totp/x',
            qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
          },
        }),
      ),
      http.post('*/api/account/mfa/enable', async ({ request }) => {
        enables.record(request);
        status = { enabled: true, required: false, enabled_at: '2026-12-01T10:00:00Z', recovery_codes_left: 10 };
        return HttpResponse.json({
          message: 'Two-step sign-in is on. Keep your recovery codes somewhere safe.',
          data: { recovery_codes: ['aaaaa-bbbbb', 'ccccc-ddddd'] },
        });
      }),
    );
    renderApp('/profile');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /code/i }), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['aaaaa-bbbbb', 'ccccc-ddddd']);
    expect(await enables.requests[0].json()).toEqual({ code: '654321' });
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}').mfa).toEqual({ enabled: true, required: false });
    await user.click(screen.getByRole('button', { name: 'I have kept them' }));
    expect(await screen.findByText(/10 recovery codes left/)).toBeInTheDocument();
    // The day it was turned on reads as a date in the reader's language, never as ISO text.
    const since = screen.getByText(/10 recovery codes left/).textContent ?? '';
    expect(since).toContain(formatDateTime('2026-12-01T10:00:00Z', 'en'));
    expect(since).not.toContain('2026-12-01T');
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it("lets an administrator reset another user's factor, with a reason", async () => {
    signIn(
      makeUser([areaPermission('users', 'view'), permissionFor('users', 'edit')], {
        roles: [adminRole],
        mfa: { enabled: true, required: true },
      }),
    );
    const omar = {
      id: 12,
      name: 'Omar Author',
      email: 'omar@example.test',
      is_active: true,
      mfa_enabled: true,
      roles: [{ id: 2, role: ROLES.author, name: 'Exam author' }],
    };
    const resets = recorder();
    server.use(
      http.get('*/api/users/12', () => HttpResponse.json({ data: omar })),
      http.get('*/api/users/12/sign-ins', () => HttpResponse.json({ data: [] })),
      http.get('*/api/roles/permissions', () => HttpResponse.json({ data: [] })),
      http.get('*/api/schools', () => HttpResponse.json({ data: [], meta: { total: 0 } })),
      http.post('*/api/users/12/mfa/reset', ({ request }) => {
        resets.record(request);
        return HttpResponse.json({ message: "The user's two-step sign-in was reset." });
      }),
    );
    renderApp('/settings/users/12');
    const user = userEvent.setup();

    const panel = await screen.findByTestId('reset-mfa');
    expect(within(panel).getByText('Two-step sign-in: on')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Reset two-step sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-step sign-in for Omar Author?' });
    await user.type(within(dialog).getByRole('textbox', { name: /reason/i }), 'Lost phone');
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));

    expect(await screen.findByText("The user's two-step sign-in was reset.")).toBeInTheDocument();
    expect(await resets.requests[0].json()).toEqual({ reason: 'Lost phone' });
  });
});
