import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { hashToken, holdsPermission } from '../auth';
import { accessPermissions } from '../../common/permission-catalog';
import examMonitor from '../../../schemas/exam-monitor';
import type { Launch } from './claims';

/** How long a teacher may take to sign in and confirm the link. */
const LINK_MINUTES = 10;
/** The exam's live monitor in the console, and who may open it. */
const MONITOR = examMonitor.pages.monitor;
const MONITOR_PERMISSIONS = accessPermissions(MONITOR.access);

/**
 * The staff account a teaching launch's subject is linked to (none when unlinked): whether it is
 * a student's (a course's teacher is no learner here), may still sign in, holds a role, and takes a
 * second factor (set up, or required of one of its roles: a launch never stands in for it).
 */
export async function staffOf(db: Db, platformId: number, subject: string, mfaRequiredRoles: readonly string[]) {
  const row = await db
    .selectFrom('lti_identities')
    .innerJoin('users', 'users.id', 'lti_identities.user_id')
    .select((eb) => [
      'users.id as user_id',
      'users.is_active',
      eb
        .exists(eb.selectFrom('students').select('students.id').whereRef('students.user_id', '=', 'users.id'))
        .as('is_student'),
      eb
        .exists(
          eb.selectFrom('user_roles').select('user_roles.role_id').whereRef('user_roles.user_id', '=', 'users.id'),
        )
        .as('has_role'),
      eb
        .or([
          eb('users.mfa_enabled_at', 'is not', null),
          eb.exists(
            eb
              .selectFrom('user_roles')
              .innerJoin('roles', 'roles.id', 'user_roles.role_id')
              .select('roles.id')
              .whereRef('user_roles.user_id', '=', 'users.id')
              .where('roles.role', 'in', mfaRequiredRoles.length > 0 ? [...mfaRequiredRoles] : ['']),
          ),
        ])
        .as('second_factor'),
    ])
    .where('lti_identities.platform_id', '=', platformId)
    .where('lti_identities.subject', '=', subject)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Where a teacher's launch opens: the link's exam's monitor where they may open it, else their
 * home (the console picks it by their permissions).
 */
export async function teacherLanding(db: Db, userId: number, examId: number | null): Promise<string> {
  if (examId === null) return '/';
  const exam = await db.selectFrom('exams').select('id').where('id', '=', examId).executeTakeFirst();
  if (!exam || !(await holdsPermission(db, userId, MONITOR_PERMISSIONS))) return '/';
  return MONITOR.path.replace(':id', String(exam.id));
}

/** Keeps a verified teaching launch for the teacher's browser while they sign in; returns the token it holds. */
export async function keepAccountLink(
  db: Db,
  platformId: number,
  said: Pick<Launch, 'subject' | 'examId'>,
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.deleteFrom('lti_account_links').where('expires_at', '<=', now).execute();
  await db
    .insertInto('lti_account_links')
    .values({
      token_hash: hashToken(token),
      platform_id: platformId,
      subject: said.subject,
      exam_id: said.examId,
      expires_at: new Date(now.getTime() + LINK_MINUTES * 60_000),
    })
    .execute();
  return token;
}

/** The launch a teacher's token holds, while it is fresh, with its platform (active still). */
export async function accountLinkFor(db: Db, token: string | undefined, now: Date) {
  if (!token) return null;
  const row = await db
    .selectFrom('lti_account_links')
    .innerJoin('lti_platforms', 'lti_platforms.id', 'lti_account_links.platform_id')
    .select([
      'lti_account_links.token_hash',
      'lti_account_links.subject',
      'lti_account_links.exam_id',
      'lti_account_links.expires_at',
      'lti_platforms.id as platform_id',
      'lti_platforms.name_en',
      'lti_platforms.name_ar',
    ])
    .where('lti_account_links.token_hash', '=', hashToken(token))
    .where('lti_platforms.is_active', '=', true)
    .executeTakeFirst();
  return row && new Date(row.expires_at).getTime() > now.getTime() ? row : null;
}

/** Takes a waiting link once: a second confirmation finds nothing. */
export async function takeAccountLink(db: Db, tokenHash: string): Promise<boolean> {
  const taken = await db.deleteFrom('lti_account_links').where('token_hash', '=', tokenHash).executeTakeFirst();
  return Number(taken.numDeletedRows) === 1;
}
