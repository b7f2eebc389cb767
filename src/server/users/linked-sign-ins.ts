import type { Db } from '../db/database';
import { recordAudit, type AuditContext } from '../audit';
import { endUserSessions } from '../auth';
import { notFound } from '../http/app-error';

/** Where an account's outside identity comes from: a single sign-on provider, or an LMS (LTI). */
export type SignInKind = 'sso' | 'lti';

/**
 * The identities elsewhere that sign an account in here (issue 46): each single sign-on provider's
 * subject and each LTI platform's, named in both languages, with when it was linked and last used,
 * newest first. Administrators read them on the user's page; a student's come out in their export.
 */
export async function linkedSignIns(db: Db, userId: number) {
  const sso = await db
    .selectFrom('sso_identities')
    .innerJoin('sso_providers', 'sso_providers.id', 'sso_identities.provider_id')
    .select([
      'sso_identities.id',
      'sso_identities.subject',
      'sso_identities.created_at',
      'sso_identities.last_sign_in_at as last_used_at',
      'sso_providers.name_en as provider_en',
      'sso_providers.name_ar as provider_ar',
    ])
    .where('sso_identities.user_id', '=', userId)
    .execute();
  const lti = await db
    .selectFrom('lti_identities')
    .innerJoin('lti_platforms', 'lti_platforms.id', 'lti_identities.platform_id')
    .select([
      'lti_identities.id',
      'lti_identities.subject',
      'lti_identities.created_at',
      'lti_identities.last_launch_at as last_used_at',
      'lti_platforms.name_en as provider_en',
      'lti_platforms.name_ar as provider_ar',
    ])
    .where('lti_identities.user_id', '=', userId)
    .execute();
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return [
    ...sso.map((row) => ({ kind: 'sso' as const, ...row })),
    ...lti.map((row) => ({ kind: 'lti' as const, ...row })),
  ]
    .map((row) => ({ ...row, created_at: iso(row.created_at)!, last_used_at: iso(row.last_used_at) }))
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
}

/**
 * Unlinks one of an account's outside identities (a wrong link, a person who left the school): the
 * next sign-in or launch through it is matched afresh. The account's sessions end, audited.
 */
export async function unlinkSignIn(
  db: Db,
  userId: number,
  kind: SignInKind,
  identityId: number,
  actor: { audit: AuditContext; sessionHash: string; userId: number },
) {
  await db.transaction().execute(async (trx) => {
    const removed =
      kind === 'sso'
        ? await trx
            .deleteFrom('sso_identities')
            .where('id', '=', identityId)
            .where('user_id', '=', userId)
            .returning(['subject', 'provider_id as source_id'])
            .executeTakeFirst()
        : await trx
            .deleteFrom('lti_identities')
            .where('id', '=', identityId)
            .where('user_id', '=', userId)
            .returning(['subject', 'platform_id as source_id'])
            .executeTakeFirst();
    if (!removed) throw notFound();
    await recordAudit(trx, {
      ...actor.audit,
      action: 'users.sign_in_unlinked',
      target: `users/${userId}`,
      summary: { kind, source_id: removed.source_id, subject: removed.subject },
    });
  });
  // Whoever that identity signed in is signed out; an administrator unlinking their own keeps this session.
  await endUserSessions(db, userId, actor.userId === userId ? actor.sessionHash : undefined);
}
