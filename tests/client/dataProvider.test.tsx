import { http, HttpResponse } from 'msw';
import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { dataProvider } from '../../src/client/providers/dataProvider';
import { recorder, server } from './support/server';

const meta = {
  current_page: 2,
  last_page: 4,
  per_page: 15,
  total: 52,
  next_page: 3,
  previous_page: 1,
  pages: [1, 2, 3, 4],
};

function urlOf(request: Request) {
  return new URL(request.url);
}

describe('dataProvider', () => {
  it('speaks the list dialect and reads the total from meta', async () => {
    const calls = recorder();
    server.use(
      http.get('*/api/skills', ({ request }) => {
        calls.record(request);
        return HttpResponse.json({ data: [{ id: 16, name_en: 'Reading' }], meta });
      }),
    );

    const result = await dataProvider.getList('skills', {
      pagination: { page: 2, perPage: 15 },
      sort: { field: 'name_en', order: 'DESC' },
      filter: { q: 'read', platform_id: 3, status: ['draft', 'published'], 'student.school_id': 9, empty: '' },
    });

    expect(result).toMatchObject({
      data: [{ id: 16 }],
      total: 52,
      pageInfo: { hasNextPage: true, hasPreviousPage: true },
    });
    const query = urlOf(calls.requests[0]).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      page: '2',
      per_page: '15',
      sort: 'name_en',
      order: 'desc',
      search: 'read',
      platform_id: '3',
      'filter[status]': 'draft,published',
      'filter[student.school_id]': '9',
    });
    expect(urlOf(calls.requests[0]).pathname).toBe('/api/skills');
  });

  it('sends Accept-Language, credentials and the CSRF header on every call (some GETs change state)', async () => {
    window.localStorage.setItem('language', 'ar');
    const calls = recorder();
    server.use(
      http.get('*/api/skills/4', ({ request }) => {
        calls.record(request);
        return HttpResponse.json({ data: { id: 4 } });
      }),
      http.put('*/api/skills/4', ({ request }) => {
        calls.record(request);
        return HttpResponse.json({ data: { id: 4, name_en: 'Writing' } });
      }),
    );

    await dataProvider.getOne('skills', { id: 4 });
    const updated = await dataProvider.update('skills', {
      id: 4,
      data: { name_en: 'Writing' },
      previousData: { id: 4 },
    });

    const [read, write] = calls.requests;
    expect(read.headers.get('Accept-Language')).toBe('ar');
    expect(read.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(read.credentials).toBe('include');
    expect(write.method).toBe('PUT');
    expect(write.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(write.headers.get('Accept-Language')).toBe('ar');
    expect(write.headers.get('Content-Type')).toBe('application/json');
    expect(await write.json()).toEqual({ name_en: 'Writing' });
    expect(updated.data).toEqual({ id: 4, name_en: 'Writing' });
  });

  it('creates, fetches many, lists references and deletes (204 included)', async () => {
    const calls = recorder();
    server.use(
      http.post('*/api/rounds', async ({ request }) => {
        calls.record(request);
        return HttpResponse.json({ data: { id: 9, ...((await request.json()) as object) } }, { status: 201 });
      }),
      http.get('*/api/rounds', ({ request }) => {
        calls.record(request);
        const ids = (urlOf(request).searchParams.get('filter[id]') ?? '').split(',').map(Number);
        return HttpResponse.json({ data: ids.reverse().map((id) => ({ id })), meta });
      }),
      http.get('*/api/learning-outcomes', ({ request }) => {
        calls.record(request);
        return HttpResponse.json({ data: [], meta: { ...meta, total: 0 } });
      }),
      http.delete('*/api/rounds/9', ({ request }) => {
        calls.record(request);
        return new HttpResponse(null, { status: 204 });
      }),
    );

    expect((await dataProvider.create('rounds', { data: { name_en: 'Round 1' } })).data).toEqual({
      id: 9,
      name_en: 'Round 1',
    });
    expect((await dataProvider.getMany('rounds', { ids: [1, 2] })).data).toEqual([{ id: 1 }, { id: 2 }]);
    expect(Object.fromEntries(urlOf(calls.requests[1]).searchParams)).toEqual({
      page: '1',
      per_page: '2',
      'filter[id]': '1,2',
    });
    const references = await dataProvider.getManyReference('learning-outcomes', {
      target: 'skill_id',
      id: 16,
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(references.total).toBe(0);
    expect(urlOf(calls.requests[2]).searchParams.get('filter[skill_id]')).toBe('16');
    expect(urlOf(calls.requests[2]).searchParams.get('order')).toBe('asc');
    const deleted = await dataProvider.delete('rounds', { id: 9, previousData: { id: 9, name_en: 'Round 1' } });
    expect(deleted.data).toEqual({ id: 9, name_en: 'Round 1' });
    expect(calls.requests[3].headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('fetches many ids in one list call per page of 100, the largest page the server gives', async () => {
    const calls = recorder();
    server.use(
      http.get('*/api/skills', ({ request }) => {
        calls.record(request);
        const ids = (urlOf(request).searchParams.get('filter[id]') ?? '').split(',').map(Number);
        return HttpResponse.json({ data: ids.filter((id) => id !== 7).map((id) => ({ id })), meta });
      }),
    );
    const ids = Array.from({ length: 150 }, (_, index) => index + 1);

    const { data } = await dataProvider.getMany('skills', { ids });

    const asked = calls.requests.map((request) => Object.fromEntries(urlOf(request).searchParams));
    expect(asked).toHaveLength(2);
    expect(asked).toContainEqual({ page: '1', per_page: '100', 'filter[id]': ids.slice(0, 100).join(',') });
    expect(asked).toContainEqual({ page: '1', per_page: '50', 'filter[id]': ids.slice(100).join(',') });
    // An id the server does not know (7) is left out; the rest come in the order asked.
    expect(data.map((record) => record.id)).toEqual(ids.filter((id) => id !== 7));
  });

  it('turns validation errors into one message per field, react-admin style', async () => {
    server.use(
      http.post('*/api/skills', () =>
        HttpResponse.json(
          {
            message: 'The data you sent is not valid.',
            errors: { name_en: ['Name is required', 'Too short'], name_ar: ['Name is required'] },
          },
          { status: 422 },
        ),
      ),
    );

    const error = await dataProvider.create('skills', { data: {} }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 422,
      message: 'Name is required',
      body: {
        message: 'The data you sent is not valid.',
        errors: { name_en: 'Name is required', name_ar: 'Name is required' },
      },
    });
  });

  it('uses the server message, else the generic message', async () => {
    server.use(
      http.put('*/api/exams/1', () =>
        HttpResponse.json({ message: 'A published exam cannot be edited.' }, { status: 418 }),
      ),
      http.delete('*/api/exams/1', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })),
    );

    await expect(dataProvider.update('exams', { id: 1, data: {}, previousData: { id: 1 } })).rejects.toMatchObject({
      status: 418,
      message: 'A published exam cannot be edited.',
    });
    await expect(dataProvider.delete('exams', { id: 1 })).rejects.toMatchObject({
      status: 502,
      message: 'errors.generic',
    });
  });
});
