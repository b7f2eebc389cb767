import type {
  DataProvider,
  GetListParams,
  GetManyParams,
  GetManyReferenceParams,
  GetOneParams,
  Identifier,
  RaRecord,
} from 'react-admin';
import { http } from './http';
import { listQuery } from './listQuery';

/** The list response of every resource (ARCHITECTURE "API conventions"). */
export interface ListResponse<T> {
  data: T[];
  meta?: {
    current_page: number;
    last_page: number;
    per_page: number;
    total: number;
    next_page: number | null;
    previous_page: number | null;
    pages?: number[];
  };
}

const path = (resource: string, id?: Identifier) =>
  id === undefined ? `/${resource}` : `/${resource}/${encodeURIComponent(String(id))}`;

/**
 * `meta.platform_id` -> `?platform_id=`: reads, updates and deletes of a platform-scoped
 * record name the selected platform, so the server refuses a record of another one.
 */
function selection(meta: unknown): URLSearchParams | undefined {
  const platformId = (meta as { platform_id?: unknown } | undefined)?.platform_id;
  return platformId === undefined || platformId === null
    ? undefined
    : new URLSearchParams({ platform_id: String(platformId) });
}

/**
 * One data provider for the API's generic resource dialect. Later resources plug in
 * without code here: their path is their name, their list speaks the same parameters.
 */
export const dataProvider: DataProvider = {
  supportAbortSignal: true,

  async getList<R extends RaRecord>(resource: string, params: GetListParams) {
    const { json } = await http<ListResponse<R>>(path(resource), { query: listQuery(params), signal: params.signal });
    const meta = json.meta;
    return {
      data: json.data,
      total: meta?.total ?? json.data.length,
      pageInfo: meta ? { hasNextPage: meta.next_page != null, hasPreviousPage: meta.previous_page != null } : undefined,
    };
  },

  async getOne<R extends RaRecord>(resource: string, params: GetOneParams<R>) {
    const { json } = await http<{ data: R }>(path(resource, params.id), {
      query: selection(params.meta),
      signal: params.signal,
    });
    return { data: json.data };
  },

  async getMany<R extends RaRecord>(resource: string, params: GetManyParams<R>) {
    // getOne per id keeps to the documented contract; the ids of one page are few.
    const records = await Promise.all(
      params.ids.map((id) => http<{ data: R }>(path(resource, id), { signal: params.signal })),
    );
    return { data: records.map(({ json }) => json.data) };
  },

  async getManyReference<R extends RaRecord>(resource: string, params: GetManyReferenceParams) {
    const filter = { ...params.filter, [params.target]: params.id };
    const { json } = await http<ListResponse<R>>(path(resource), {
      query: listQuery({ ...params, filter }),
      signal: params.signal,
    });
    return { data: json.data, total: json.meta?.total ?? json.data.length };
  },

  async create(resource, params) {
    const { json } = await http<{ data: RaRecord }>(path(resource), { method: 'POST', body: params.data });
    return { data: json.data } as never;
  },

  async update(resource, params) {
    const { json } = await http<{ data: RaRecord }>(path(resource, params.id), {
      method: 'PUT',
      body: params.data,
      query: selection(params.meta),
    });
    return { data: json.data } as never;
  },

  async updateMany(resource, params) {
    // Sequential so a rule refusal stops the batch at a known record.
    for (const id of params.ids) await http(path(resource, id), { method: 'PUT', body: params.data });
    return { data: params.ids };
  },

  async delete(resource, params) {
    const { json } = await http<{ data?: RaRecord } | undefined>(path(resource, params.id), {
      method: 'DELETE',
      query: selection(params.meta),
    });
    return { data: json?.data ?? params.previousData ?? { id: params.id } } as never;
  },

  async deleteMany(resource, params) {
    for (const id of params.ids) await http(path(resource, id), { method: 'DELETE' });
    return { data: params.ids };
  },
};
