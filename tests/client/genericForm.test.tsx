import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { areaPermission, permissionFor } from '../../src/common/permissions';
import { adminRole, makeUser, signIn } from './support/fixtures';
import { renderApp } from './support/render';
import { listBody, lookupRecord, servePlatforms } from './support/resources';
import { recorder, server } from './support/server';

const manage = (area: string) => [
  areaPermission(area, 'view'),
  permissionFor(area, 'create'),
  permissionFor(area, 'edit'),
  permissionFor(area, 'delete'),
];

describe('generic create and edit forms', () => {
  it('keeps Save disabled until every field is filled, then posts with the selected platform', async () => {
    signIn(makeUser(manage('skills')));
    window.sessionStorage.setItem('platforms.en.selected', '2');
    servePlatforms();
    const posts = recorder();
    server.use(
      http.get('*/api/skills', () => HttpResponse.json(listBody([]))),
      http.post('*/api/skills', async ({ request }) => {
        posts.record(request);
        return HttpResponse.json({ data: { ...lookupRecord(12, 'Listening', 'الاستماع', 2) } }, { status: 201 });
      }),
    );
    renderApp('/settings/exams/skills/create');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Add Skill', level: 1 })).toBeInTheDocument();
    expect(await screen.findByTestId('selected-platform')).toHaveTextContent('International Standards Assessment');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText(/Name \(English\)/), 'Listening');
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText(/Name \(Arabic\)/), '   ');
    expect(save).toBeDisabled();
    await user.clear(screen.getByLabelText(/Name \(Arabic\)/));
    await user.type(screen.getByLabelText(/Name \(Arabic\)/), 'الاستماع');
    await waitFor(() => expect(save).toBeEnabled());
    const scrolls = vi.spyOn(window, 'scrollTo');
    await user.click(save);

    expect(await screen.findByText('Skill created successfully')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/settings/exams/skills'));
    // The list opens at its top, not where the form was scrolled to.
    expect(scrolls).toHaveBeenCalledWith(0, 0);
    scrolls.mockRestore();
    expect(await posts.requests[0].json()).toEqual({ name_en: 'Listening', name_ar: 'الاستماع', platform_id: 2 });
  });

  it('creates a platform (no platform selector) and forgets the cached platform list', async () => {
    window.sessionStorage.setItem('platforms.en', JSON.stringify([{ id: 1, name: 'Old', identifier: 'IRA' }]));
    window.sessionStorage.setItem('platforms.en.selected', '1');
    signIn(makeUser(manage('platforms'), { roles: [adminRole] }));
    const posts = recorder();
    server.use(
      http.get('*/api/platforms', () => HttpResponse.json(listBody([]))),
      http.post('*/api/platforms', async ({ request }) => {
        posts.record(request);
        return HttpResponse.json(
          { data: { id: 3, name: 'Pilot', name_en: 'Pilot', name_ar: 'تجريبي', identifier: 'ISA' } },
          { status: 201 },
        );
      }),
    );
    renderApp('/settings/platforms/create');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Add Learning platform', level: 1 })).toBeInTheDocument();
    expect(screen.queryByTestId('selected-platform')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Name \(English\)/), 'Pilot');
    await user.type(screen.getByLabelText(/^Name \(Arabic\)/), 'تجريبي');
    await user.click(screen.getByLabelText(/Identifier/));
    await user.click(await screen.findByRole('option', { name: 'ISA' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Platform created successfully')).toBeInTheDocument();
    // The tier thresholds start at their declared defaults.
    expect(await posts.requests[0].json()).toEqual({
      name_en: 'Pilot',
      name_ar: 'تجريبي',
      identifier: 'ISA',
      tier_within_from: 50,
      tier_above_from: 80,
    });
    expect(window.sessionStorage.getItem('platforms.en')).toBeNull();
    expect(window.sessionStorage.getItem('platforms.en.selected')).toBe('1');
  });

  it('shows server field errors under the field and the error toast', async () => {
    signIn(makeUser(manage('skills')));
    servePlatforms();
    server.use(
      http.post('*/api/skills', () =>
        HttpResponse.json(
          { message: 'The data you sent is not valid.', errors: { name_en: ['Must be 255 characters or fewer'] } },
          { status: 422 },
        ),
      ),
    );
    renderApp('/settings/exams/skills/create');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Name \(English\)/), 'Listening');
    await user.type(screen.getByLabelText(/Name \(Arabic\)/), 'الاستماع');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Must be 255 characters or fewer')).toBeInTheDocument();
    expect(await screen.findByText('Error creating skill')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/settings/exams/skills/create');
  });

  it('edits a record on its platform and sends only the declared fields', async () => {
    signIn(makeUser(manage('skills')));
    servePlatforms();
    const puts = recorder();
    const reads = recorder();
    server.use(
      http.get('*/api/skills/4', ({ request }) => {
        reads.record(request);
        return HttpResponse.json({ data: lookupRecord(4, 'Reading', 'القراءة') });
      }),
      http.get('*/api/skills', () =>
        HttpResponse.json(listBody([lookupRecord(4, 'Reading comprehension', 'القراءة')])),
      ),
      http.put('*/api/skills/4', ({ request }) => {
        puts.record(request);
        return HttpResponse.json({ data: lookupRecord(4, 'Reading comprehension', 'القراءة') });
      }),
    );
    renderApp('/settings/exams/skills/4');
    const user = userEvent.setup();

    const nameEn = await screen.findByDisplayValue('Reading');
    expect(new URL(reads.requests[0].url).searchParams.get('platform_id')).toBe('1');
    await user.clear(nameEn);
    await user.type(nameEn, 'Reading comprehension');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Skill updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/settings/exams/skills'));
    expect(new URL(puts.requests[0].url).searchParams.get('platform_id')).toBe('1');
    expect(await puts.requests[0].json()).toEqual({
      name_en: 'Reading comprehension',
      name_ar: 'القراءة',
      platform_id: 1,
    });
  });

  it('shows the server message when a record in use cannot be deleted', async () => {
    signIn(makeUser(manage('skills')));
    servePlatforms();
    server.use(
      http.get('*/api/skills', () => HttpResponse.json(listBody([lookupRecord(4, 'Reading', 'القراءة')]))),
      http.delete('*/api/skills/4', () =>
        HttpResponse.json({ message: 'This record is used by other records and cannot be deleted.' }, { status: 409 }),
      ),
    );
    renderApp('/settings/exams/skills');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete “Reading”?');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('This record is used by other records and cannot be deleted.')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/settings/exams/skills');
  });

  it('deletes a record with a success toast', async () => {
    signIn(makeUser(manage('skills')));
    servePlatforms();
    const deletes = recorder();
    server.use(
      http.get('*/api/skills', () => HttpResponse.json(listBody([lookupRecord(4, 'Reading', 'القراءة')]))),
      http.delete('*/api/skills/4', ({ request }) => {
        deletes.record(request);
        return HttpResponse.json({ data: lookupRecord(4, 'Reading', 'القراءة') });
      }),
    );
    renderApp('/settings/exams/skills', 'ar');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'حذف' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'تأكيد' }));

    expect(await screen.findByText('تم حذف المهارة بنجاح')).toBeInTheDocument();
    expect(new URL(deletes.requests[0].url).searchParams.get('platform_id')).toBe('1');
  });
});
