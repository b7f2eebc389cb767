import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { areaPermission, permissionFor } from '../../src/common/permissions';
import { makeUser, signIn } from './support/fixtures';
import { renderApp } from './support/render';
import { listBody, lookupRecord, servePlatforms } from './support/resources';
import { recorder, server } from './support/server';

const permissions = [areaPermission('learning-outcomes', 'view'), permissionFor('learning-outcomes', 'create')];

/** Reference lists answer per platform, and record which platform they were asked for. */
function serveReferences() {
  const asked = recorder();
  const records: Record<string, ReturnType<typeof lookupRecord>[]> = {
    skills: [lookupRecord(1, 'Reading', 'القراءة', 1), lookupRecord(2, 'Speaking', 'التحدث', 2)],
    grades: [lookupRecord(3, 'Grade 3', 'الصف الثالث', 1)],
    levels: [lookupRecord(5, 'Level A', 'المستوى أ', 2)],
  };
  for (const resource of Object.keys(records)) {
    server.use(
      http.get(`*/api/${resource}`, ({ request }) => {
        const query = new URL(request.url).searchParams;
        // The selected value is read back by id (`filter[id]`), as react-admin does for a reference input.
        const ids = query.get('filter[id]');
        if (ids !== null)
          return HttpResponse.json(listBody(records[resource].filter((r) => ids.split(',').includes(String(r.id)))));
        asked.record(request);
        const platformId = Number(query.get('platform_id'));
        return HttpResponse.json(listBody(records[resource].filter((r) => r.platform_id === platformId)));
      }),
    );
  }
  return asked;
}

const outcome = (platformId: number) => ({
  ...lookupRecord(8, 'Reads short texts', 'يقرأ نصوصًا قصيرة', platformId),
  skill_id: 1,
  skill: lookupRecord(1, 'Reading', 'القراءة', platformId),
  grade_id: platformId === 1 ? 3 : null,
  grade: platformId === 1 ? lookupRecord(3, 'Grade 3', 'الصف الثالث') : null,
  level_id: platformId === 2 ? 5 : null,
  level: platformId === 2 ? lookupRecord(5, 'Level A', 'المستوى أ', 2) : null,
});

describe('learning outcomes follow the platform', () => {
  it('shows the grade column and grade field on IRA, never the level', async () => {
    signIn(makeUser(permissions));
    servePlatforms();
    serveReferences();
    server.use(http.get('*/api/learning-outcomes', () => HttpResponse.json(listBody([outcome(1)]))));
    renderApp('/settings/questions/learning-outcomes', 'ar');

    const table = await screen.findByRole('table');
    expect(await within(table).findByText('الصف الثالث')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: /^الصف$/ })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: /^المستوى$/ })).not.toBeInTheDocument();
    expect(within(table).getByText('القراءة')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('link', { name: 'إضافة' }));
    expect(await screen.findByRole('heading', { name: 'إضافة ناتج تعلم', level: 1 })).toBeInTheDocument();
    expect(await screen.findByLabelText(/^الصف/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^المستوى/)).not.toBeInTheDocument();
  });

  it('on ISA offers the level, loads dropdowns of that platform and saves the level', async () => {
    window.sessionStorage.setItem('platforms.en.selected', '2');
    signIn(makeUser(permissions));
    servePlatforms();
    const asked = serveReferences();
    const posts = recorder();
    server.use(
      http.post('*/api/learning-outcomes', async ({ request }) => {
        posts.record(request);
        return HttpResponse.json({ data: outcome(2) }, { status: 201 });
      }),
      http.get('*/api/learning-outcomes', () => HttpResponse.json(listBody([outcome(2)]))),
    );
    renderApp('/settings/questions/learning-outcomes/create');
    const user = userEvent.setup();

    await screen.findByLabelText(/Level/);
    expect(screen.queryByLabelText(/Grade/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/Name \(English\)/), 'Speaks clearly');
    await user.type(screen.getByLabelText(/Name \(Arabic\)/), 'يتحدث بوضوح');
    const save = screen.getByRole('button', { name: 'Save' });
    await user.click(screen.getByLabelText(/Skill/));
    await user.click(await screen.findByRole('option', { name: 'Speaking' }));
    expect(save).toBeDisabled();
    await user.click(screen.getByLabelText(/Level/));
    await user.click(await screen.findByRole('option', { name: 'Level A' }));
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    expect(await screen.findByText('Learning outcome created successfully')).toBeInTheDocument();
    expect(await posts.requests[0].json()).toEqual({
      name_en: 'Speaks clearly',
      name_ar: 'يتحدث بوضوح',
      skill_id: 2,
      level_id: 5,
      platform_id: 2,
    });
    const platformsAsked = asked.requests.map((request) => new URL(request.url).searchParams.get('platform_id'));
    expect(new Set(platformsAsked)).toEqual(new Set(['2']));
  });
});
