import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { areaPermission } from '../../src/common/permissions';
import { adminRole, makeUser, signIn } from './support/fixtures';
import { renderApp } from './support/render';
import { recorder, server } from './support/server';

const row = {
  id: 31,
  first_name: 'Layla',
  last_name: 'Nasser',
  institute: 'Amman Academy',
  email: 'layla@example.test',
  country: 'JO',
  created_at: '2025-03-02 09:15:00',
};
const meta = {
  current_page: 1,
  last_page: 3,
  per_page: 15,
  total: 31,
  next_page: 2,
  previous_page: null,
  pages: [1, 2, 3],
};

describe('demo requests list', () => {
  it('lists the newest requests first with country names and the total from meta', async () => {
    signIn(makeUser([areaPermission('demo-requests', 'view')], { roles: [adminRole] }));
    const calls = recorder();
    server.use(
      http.get('*/api/demo-requests', ({ request }) => {
        calls.record(request);
        return HttpResponse.json({ data: [row], meta });
      }),
    );
    renderApp('/demo-requests');

    expect(await screen.findByText('Amman Academy')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Demo requests', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Jordan')).toBeInTheDocument();
    expect(screen.getByText('1-15 of 31')).toBeInTheDocument();
    const query = new URL(calls.requests[0].url).searchParams;
    expect(Object.fromEntries(query)).toEqual({ page: '1', per_page: '15', sort: 'id', order: 'desc' });

    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Search' }), 'amman');
    await waitFor(() => expect(new URL(calls.requests.at(-1)?.url ?? '').searchParams.get('search')).toBe('amman'));
  });
});
