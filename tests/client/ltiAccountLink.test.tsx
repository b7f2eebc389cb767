import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser, signIn } from './support/fixtures';
import { renderApp } from './support/render';
import { recorder, server } from './support/server';

/**
 * Issue 46, a course teacher's first launch: their platform sends them to /lti/account-link; they
 * sign in with their own account here (the sign-in page says why) and confirm the link, once; the
 * console then opens the page the server names (the exam's monitor).
 */
const waiting = { platform: 'School Moodle', exam: 'Reading benchmark' };

function serveLink() {
  const confirmations = recorder();
  server.use(
    http.get('*/api/lti/account-link', () => HttpResponse.json({ data: waiting })),
    http.post('*/api/lti/account-link', ({ request }) => {
      confirmations.record(request);
      return HttpResponse.json({ data: { path: '/restricted' } });
    }),
  );
  return confirmations;
}

describe("LTI: linking a course teacher's account", () => {
  it('asks a signed-out teacher to sign in first, then comes back to confirm', async () => {
    serveLink();
    const account = makeUser();
    server.use(
      http.post('*/api/login', () => {
        server.use(http.get('*/api/user', () => HttpResponse.json({ data: account })));
        return HttpResponse.json({ data: account });
      }),
    );
    renderApp('/lti/account-link');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(
      await screen.findByText(
        'Your course opened this site as its teacher. Sign in with your account here once to link the two.',
      ),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /email/i }), 'mona@example.test');
    await user.type(screen.getByLabelText(/password/i, { selector: 'input' }), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(window.location.pathname).toBe('/lti/account-link'));
    expect(
      await screen.findByRole('heading', { name: 'Link your account at School Moodle', level: 1 }),
    ).toBeInTheDocument();
  });

  it('names the platform, the exam and the account, links by keyboard and opens the page the server names', async () => {
    const confirmations = serveLink();
    signIn(makeUser());
    renderApp('/lti/account-link');
    expect(
      await screen.findByText(
        'You opened an activity of your course at School Moodle as its teacher. Link your account there to this one (mona@example.test) and the course signs you in here directly next time.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('The activity opens Reading benchmark.')).toBeInTheDocument();
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Link my account' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/restricted'));
    expect(confirmations.requests).toHaveLength(1);
    expect(await confirmations.requests[0]!.json()).toEqual({});
  });

  it("shows the server's refusal in Arabic and lets the teacher try again", async () => {
    server.use(
      http.get('*/api/lti/account-link', () => HttpResponse.json({ data: waiting })),
      http.post('*/api/lti/account-link', () =>
        HttpResponse.json({ message: 'لا يُربط حساب طالب بمعلّم مقرر.' }, { status: 403 }),
      ),
    );
    signIn(makeUser());
    renderApp('/lti/account-link', 'ar');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'اربط حسابي' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('لا يُربط حساب طالب بمعلّم مقرر.');
    expect(screen.getByRole('button', { name: 'اربط حسابي' })).toBeEnabled();
  });

  it('shows an expired or used request without the buttons', async () => {
    server.use(
      http.get('*/api/lti/account-link', () =>
        HttpResponse.json(
          { message: 'انتهت صلاحية طلب الربط هذا أو استُخدم من قبل. افتح النشاط في مقررك من جديد.' },
          { status: 410 },
        ),
      ),
    );
    signIn(makeUser());
    renderApp('/lti/account-link', 'ar');
    expect(await screen.findByRole('alert')).toHaveTextContent(/انتهت صلاحية طلب الربط/);
    expect(screen.queryByRole('button', { name: 'اربط حسابي' })).toBeNull();
  });

  it("asks the server, and stays signed in, when a sign-in ended in a redirect (the server's hint, no stored user)", async () => {
    serveLink();
    const logouts = recorder();
    server.use(
      http.get('*/api/user', () => HttpResponse.json({ data: makeUser() })),
      http.post('*/api/logout', ({ request }) => {
        logouts.record(request);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    document.cookie = 'ltm_signed_in=1; path=/';
    try {
      renderApp('/lti/account-link');
      expect(
        await screen.findByRole('heading', { name: 'Link your account at School Moodle', level: 1 }),
      ).toBeInTheDocument();
      expect(window.location.pathname).toBe('/lti/account-link');
      expect(logouts.requests).toHaveLength(0);
    } finally {
      document.cookie = 'ltm_signed_in=; path=/; max-age=0';
    }
  });

  it('forgets the hint when the server says nobody is signed in', async () => {
    document.cookie = 'ltm_signed_in=1; path=/';
    renderApp('/lti/account-link');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    await waitFor(() => expect(document.cookie).not.toContain('ltm_signed_in=1'));
  });
});
