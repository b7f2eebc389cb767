import type { Sealer, SecretsDb } from '../../secrets';
import { X509Certificate } from 'node:crypto';
import type { Db } from '../../db/database';
import { containsPattern } from '../../db/like';
import { invalid, notFound } from '../../http/app-error';
import { offsetOf, pageMeta, type PageRequest } from '../../http/pagination';
import { recordAudit, type AuditContext } from '../../audit';
import type { ValidatedBody } from '../../../common/resource-validation';
import type ssoProviders from '../../../../schemas/sso-providers';
import { parseSchoolMap } from '../../../common/sso-claims';
import { certificatesOf } from './saml-client';

export type ProviderBody = ValidatedBody<typeof ssoProviders>;

export interface ProviderListQuery extends PageRequest {
  sort: 'id' | 'key' | 'name_en' | 'name_ar' | 'created_at';
  order: 'asc' | 'desc';
}

const COLUMNS = [
  'id',
  'key',
  'name',
  'name_en',
  'name_ar',
  'protocol',
  'issuer',
  'client_id',
  'client_secret',
  'scopes',
  'is_active',
  'allow_create',
  'role_claim',
  'role_map',
  'school_claim',
  'school_map',
  'student_claim',
  'sso_url',
  'idp_certificate',
  'created_at',
  'updated_at',
] as const;

type ProviderRow = Awaited<ReturnType<typeof findRow>>;

async function findRow(db: Db, id: number) {
  const row = await db.selectFrom('sso_providers').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** A provider as an administrator reads it: every setting but the client secret, which is never sent back. */
export function presentProvider(row: ProviderRow) {
  const { client_secret, ...rest } = row;
  return { ...rest, client_secret: null, client_secret_set: Boolean(client_secret) };
}

/** What the audit log keeps of a provider: its settings, never its secret (only whether it changed). */
const audited = (row: ProviderRow) => {
  const { client_secret, created_at, updated_at, ...rest } = row;
  void created_at;
  void updated_at;
  return { ...rest, client_secret_set: Boolean(client_secret) };
};

export async function listProviders(db: Db, query: ProviderListQuery & { search?: string }) {
  let base = db.selectFrom('sso_providers');
  if (query.search) {
    const like = containsPattern(query.search);
    base = base.where((eb) =>
      eb.or([
        eb('key', 'ilike', like),
        eb('name_en', 'ilike', like),
        eb('name_ar', 'ilike', like),
        eb('issuer', 'ilike', like),
      ]),
    );
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(COLUMNS)
    .orderBy(query.sort, query.order)
    .orderBy('id', query.order)
    .limit(query.per_page)
    .offset(offsetOf(query))
    .execute();
  return { data: rows.map(presentProvider), meta: pageMeta(query, Number(total)) };
}

export const readProvider = async (db: Db, id: number) => presentProvider(await findRow(db, id));

/** A provider's key is one of a kind (its addresses carry it). */
async function assertKeyFree(db: Db, key: string, exceptId?: number) {
  let query = db.selectFrom('sso_providers').select('id').where('key', '=', key);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw invalid({ key: ['sso.errors.key_taken'] });
}

/**
 * What the form's rules cannot see: a secure deployment signs in only through providers it reaches
 * over TLS; a SAML provider's certificates must each be one a signature can be checked with.
 */
function assertUsable(body: ProviderBody, production: boolean) {
  if (body.protocol === 'saml') {
    if (production && body.sso_url && new URL(body.sso_url).protocol !== 'https:')
      throw invalid({ sso_url: ['sso.errors.sso_url_https'] });
    for (const pem of certificatesOf(body.idp_certificate ?? '')) {
      try {
        new X509Certificate(pem);
      } catch {
        throw invalid({ idp_certificate: ['sso.errors.certificate'] });
      }
    }
  } else if (production && new URL(body.issuer).protocol !== 'https:') {
    throw invalid({ issuer: ['sso.errors.issuer_https'] });
  }
}

const settingsOf = (body: ProviderBody) => ({
  key: body.key,
  name: body.name_en,
  name_en: body.name_en,
  name_ar: body.name_ar,
  protocol: body.protocol ?? 'oidc',
  // An OpenID Connect issuer is an address (its trailing slash dropped); a SAML entity ID is compared as written.
  issuer: body.protocol === 'saml' ? body.issuer : body.issuer.replace(/\/+$/, ''),
  client_id: body.protocol === 'saml' ? null : body.client_id || null,
  scopes: body.scopes ?? 'openid email profile',
  sso_url: body.protocol === 'saml' ? body.sso_url || null : null,
  idp_certificate: body.protocol === 'saml' ? body.idp_certificate?.trim() || null : null,
  is_active: body.is_active ?? true,
  allow_create: body.allow_create ?? false,
  role_claim: body.role_claim || null,
  role_map: body.role_map || null,
  school_claim: body.school_claim || null,
  school_map: body.school_map || null,
  student_claim: body.student_claim || null,
});

/** A client secret as stored: sealed (src/server/secrets); null when none is given. */
const sealedSecret = (secrets: Sealer, secret: string | null | undefined) =>
  secret ? secrets.seal(secret, 'oidc_client_secret') : null;

/** Every school the mapping names is one of ours. */
async function assertSchoolsExist(db: Db, body: ProviderBody) {
  const ids = [...new Set(parseSchoolMap(body.school_map).rules.map((rule) => rule.schoolId))];
  if (ids.length === 0) return;
  const found = await db.selectFrom('schools').select('id').where('id', 'in', ids).execute();
  if (found.length < ids.length) throw invalid({ school_map: ['sso.errors.school_unknown'] });
}

export async function createProvider(
  { db, secrets }: SecretsDb,
  body: ProviderBody,
  production: boolean,
  audit: AuditContext,
) {
  await assertKeyFree(db, body.key);
  assertUsable(body, production);
  await assertSchoolsExist(db, body);
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('sso_providers')
      .values({ ...settingsOf(body), client_secret: sealedSecret(secrets, body.client_secret) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const after = await findRow(trx, id);
    await recordAudit(trx, {
      ...audit,
      action: 'sso_providers.create',
      target: `sso-providers/${id}`,
      summary: { after: audited(after) },
    });
    return id;
  });
}

/** An edit; an empty client secret keeps the stored one (the form never shows it). */
export async function updateProvider(
  { db, secrets }: SecretsDb,
  id: number,
  body: ProviderBody,
  production: boolean,
  audit: AuditContext,
) {
  const before = await findRow(db, id);
  await assertKeyFree(db, body.key, id);
  assertUsable(body, production);
  await assertSchoolsExist(db, body);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sso_providers')
      .set({
        ...settingsOf(body),
        ...(body.client_secret ? { client_secret: sealedSecret(secrets, body.client_secret) } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
    const after = await findRow(trx, id);
    await recordAudit(trx, {
      ...audit,
      action: 'sso_providers.update',
      target: `sso-providers/${id}`,
      summary: { before: audited(before), after: audited(after), secret_changed: Boolean(body.client_secret) },
    });
  });
}

/** Removing a provider unlinks its accounts (they keep their roles and data) and ends nothing else. */
export async function deleteProvider(db: Db, id: number, audit: AuditContext) {
  const before = await findRow(db, id);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sso_providers').where('id', '=', id).execute();
    await recordAudit(trx, {
      ...audit,
      action: 'sso_providers.delete',
      target: `sso-providers/${id}`,
      summary: { before: audited(before) },
    });
  });
  return presentProvider(before);
}
