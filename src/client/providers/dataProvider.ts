import type {
  CreateParams,
  DataProvider,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetManyReferenceParams,
  GetOneParams,
  Identifier,
  RaRecord,
  UpdateParams,
} from 'react-admin';
import type { AppDataProvider } from './appDataProvider';
import { examLocalizationMethods } from './examLocalizationMethods';
import { assignmentMethods } from './assignmentMethods';
import { auditLogMethods } from './auditLogMethods';
import { privacyMethods } from './privacyMethods';
import { mfaMethods } from './mfaMethods';
import { correctionMethods } from './correctionMethods';
import { calibrationMethods } from './calibrationMethods';
import { examDayMethods } from './examDayMethods';
import { examMethods } from './examMethods';
import { examQuestionMethods } from './examQuestionMethods';
import { homeMethods } from './homeMethods';
import { interchangeMethods } from './interchangeMethods';
import { http } from './http';
import { listQuery } from './listQuery';
import { mediaMethods } from './mediaMethods';
import { profileMethods } from './profileMethods';
import { questionMethods } from './questionMethods';
import { reportMethods } from './reportMethods';
import { rosterMethods } from './rosterMethods';
import { userMethods } from './userMethods';
import { MAX_PER_PAGE, type ListEnvelope } from '../../common/contracts/records';
import { webReportMethods } from './webReportMethods';

/** The list response of every resource (ARCHITECTURE "API conventions"). */
type ListResponse<T> = ListEnvelope<T>;

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

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/**
 * The API's generic resource dialect. Later resources plug in without code here: their path
 * is their name, their list speaks the same parameters.
 */
const resourceMethods: DataProvider = {
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
    // One list call (`filter[id]=1,2,3`) per page of ids rather than one call per id.
    const pages = await Promise.all(
      chunks([...new Set(params.ids)], MAX_PER_PAGE).map((ids) =>
        http<ListResponse<R>>(path(resource), {
          query: listQuery({ pagination: { page: 1, perPage: ids.length }, filter: { id: ids } }),
          signal: params.signal,
        }),
      ),
    );
    const byId = new Map(pages.flatMap(({ json }) => json.data).map((record) => [String(record.id), record]));
    // In the order asked, as getOne per id answered; an id the server does not know is left out.
    return { data: params.ids.flatMap((id) => byId.get(String(id)) ?? []) };
  },

  async getManyReference<R extends RaRecord>(resource: string, params: GetManyReferenceParams) {
    const filter = { ...params.filter, [params.target]: params.id };
    const { json } = await http<ListResponse<R>>(path(resource), {
      query: listQuery({ ...params, filter }),
      signal: params.signal,
    });
    return { data: json.data, total: json.meta?.total ?? json.data.length };
  },

  async create<R extends Omit<RaRecord, 'id'>, Result extends RaRecord = R & { id: Identifier }>(
    resource: string,
    params: CreateParams,
  ) {
    const { json } = await http<{ data: Result }>(path(resource), { method: 'POST', body: params.data });
    return { data: json.data };
  },

  async update<R extends RaRecord>(resource: string, params: UpdateParams) {
    const { json } = await http<{ data: R }>(path(resource, params.id), {
      method: 'PUT',
      body: params.data,
      query: selection(params.meta),
    });
    return { data: json.data };
  },

  async updateMany(resource, params) {
    // Sequential so a rule refusal stops the batch at a known record.
    for (const id of params.ids) await http(path(resource, id), { method: 'PUT', body: params.data });
    return { data: params.ids };
  },

  async delete<R extends RaRecord>(resource: string, params: DeleteParams<R>) {
    const { json } = await http<{ data?: R } | undefined>(path(resource, params.id), {
      method: 'DELETE',
      query: selection(params.meta),
    });
    // Without an answer or the previous record, the id is all that is known of the deleted one.
    return { data: json?.data ?? params.previousData ?? ({ id: params.id } as R) };
  },

  async deleteMany(resource, params) {
    for (const id of params.ids) await http(path(resource, id), { method: 'DELETE' });
    return { data: params.ids };
  },
};

/** The console's one data provider: the generic dialect plus the named calls of each area. */
export const dataProvider: AppDataProvider = {
  ...resourceMethods,
  ...examMethods,
  ...assignmentMethods,
  ...correctionMethods,
  ...examLocalizationMethods,
  ...examQuestionMethods,
  ...questionMethods,
  ...reportMethods,
  ...rosterMethods,
  ...mediaMethods,
  ...profileMethods,
  ...userMethods,
  ...webReportMethods,
  ...auditLogMethods,
  ...privacyMethods,
  ...mfaMethods,
  ...homeMethods,
  ...examDayMethods,
  ...calibrationMethods,
  ...interchangeMethods,
};
