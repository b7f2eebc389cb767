import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { hashToken } from '../auth';
import type { DeepLinkRequest } from './claims';

/** How long a teacher may take to choose an exam. */
const CHOICE_MINUTES = 30;

/** Keeps a verified deep linking request for the teacher's browser; returns the token it holds. */
export async function keepDeepLink(db: Db, platformId: number, request: DeepLinkRequest, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.deleteFrom('lti_deep_link_requests').where('expires_at', '<=', now).execute();
  await db
    .insertInto('lti_deep_link_requests')
    .values({
      token_hash: hashToken(token),
      platform_id: platformId,
      request: JSON.stringify(request),
      expires_at: new Date(now.getTime() + CHOICE_MINUTES * 60_000),
    })
    .execute();
  return token;
}

/** The request a teacher's token holds, while it is fresh, with its platform (active still). */
export async function deepLinkFor(db: Db, token: string | undefined, now: Date) {
  if (!token) return null;
  const row = await db
    .selectFrom('lti_deep_link_requests')
    .innerJoin('lti_platforms', 'lti_platforms.id', 'lti_deep_link_requests.platform_id')
    .select([
      'lti_deep_link_requests.token_hash',
      'lti_deep_link_requests.request',
      'lti_deep_link_requests.expires_at',
      'lti_platforms.id as platform_id',
      'lti_platforms.name_en',
      'lti_platforms.name_ar',
      'lti_platforms.issuer',
      'lti_platforms.client_id',
    ])
    .where('lti_deep_link_requests.token_hash', '=', hashToken(token))
    .where('lti_platforms.is_active', '=', true)
    .executeTakeFirst();
  if (!row || new Date(row.expires_at).getTime() <= now.getTime()) return null;
  return { ...row, request: row.request as unknown as DeepLinkRequest };
}

/** Answers a request once: whoever takes it first answers, a second answer finds nothing. */
export async function takeDeepLink(db: Db, tokenHash: string): Promise<boolean> {
  const taken = await db.deleteFrom('lti_deep_link_requests').where('token_hash', '=', tokenHash).executeTakeFirst();
  return Number(taken.numDeletedRows) === 1;
}
