import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { LEARNER_ROLES, onPlatformHost } from './claims';
import { isStorableText } from '../http/input-guards';
import { latestAssignment, studentOf } from './launch-account';
import { PLATFORM_TIMEOUT_MS, platformToken, SCOPES } from './platform-token';

/** A course's list is read again after this long; a refused read, after an hour. */
const EVERY_HOURS = 6;
const RETRY_HOURS = 1;
/** Links read in one run at most, and the time a run may start new ones: the scores wait behind it. */
const BATCH = 20;
const RUN_BUDGET_MS = 20_000;
/** A course of a few thousand members: pages beyond these, or larger, are not read. */
const MAX_PAGES = 50;
const MAX_PAGE_BYTES = 4 * 1024 * 1024;
const MEMBERSHIPS_TYPE = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';

interface RosterDue {
  link_id: number;
  exam_id: number;
  memberships_url: string;
  platform_id: number;
  client_id: string;
  auth_token_url: string;
}

/** A member of the course, as NRPS 2.0 lists them; only what linking needs is read. */
interface Member {
  user_id?: unknown;
  status?: unknown;
  roles?: unknown;
  lis_person_sourcedid?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
/** NRPS lists roles as full URIs or, in the context vocabulary, by their short names. */
const isLearner = (roles: unknown) =>
  Array.isArray(roles) && roles.some((role) => LEARNER_ROLES.includes(role as string));
/** A member still in the course: NRPS 2.0 says Active when it says nothing. */
const isActive = (status: unknown) => status === undefined || status === 'Active';

/** A page's text, read no further than the cap (its announced length first): a page is never held whole beyond it. */
async function cappedText(response: Response): Promise<string> {
  if (Number(response.headers.get('content-length') ?? 0) > MAX_PAGE_BYTES)
    throw new Error('a memberships page beyond 4 MB');
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > MAX_PAGE_BYTES) {
      await reader.cancel();
      throw new Error('a memberships page beyond 4 MB');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The next page's address from the `Link` header (rel="next"), kept only on the platform's host. */
function nextPage(link: string | null, tokenUrl: string): string | null {
  for (const part of (link ?? '').split(',')) {
    const match = /<([^>]*)>\s*;\s*rel="?next"?/i.exec(part);
    if (match) return onPlatformHost(match[1], tokenUrl);
  }
  return null;
}

/** Every learner of a course, page after page, bounded in pages and size. */
async function learnersOf(due: RosterDue, token: string): Promise<Member[]> {
  const learners: Member[] = [];
  let address: string | null = due.memberships_url;
  for (let page = 0; address && page < MAX_PAGES; page += 1) {
    const response = await fetch(address, {
      headers: { authorization: `Bearer ${token}`, accept: MEMBERSHIPS_TYPE },
      signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS),
      redirect: 'error',
    });
    if (!response.ok) throw new Error(`the platform's memberships endpoint answered ${response.status}`);
    const body = await cappedText(response);
    const members = (JSON.parse(body) as { members?: unknown }).members;
    if (!Array.isArray(members)) throw new Error('a memberships page without members');
    for (const member of members as Member[])
      if (member && typeof member === 'object' && isActive(member.status) && isLearner(member.roles))
        learners.push(member);
    address = nextPage(response.headers.get('link'), due.auth_token_url);
  }
  return learners;
}

/**
 * Links one course's learners to their students (the subject linked before, else the roster number
 * the platform lists, as a launch does) and records each as a member of the link with their latest
 * assignment of its exam, so their score goes back too. A launch's own record is left as it is.
 * Answers how many members were added.
 */
async function linkLearners(db: Db, due: RosterDue, learners: Member[]): Promise<number> {
  let added = 0;
  for (const member of learners) {
    const subject = text(member.user_id);
    if (!subject || subject.length > 255 || !isStorableText(subject)) continue;
    const number = text(member.lis_person_sourcedid);
    const student = await studentOf(db, due.platform_id, {
      subject,
      learner: true,
      studentNumber: number && isStorableText(number) ? number.slice(0, 255) : null,
    });
    if (!student) continue;
    const assignment = await latestAssignment(db, student.student_id, due.exam_id);
    if (!assignment) continue;
    const inserted = await db
      .insertInto('lti_link_members')
      .values({ link_id: due.link_id, subject, student_exam_id: assignment.id })
      // A member already there keeps their record; only the assignment follows the link's exam now.
      .onConflict((oc) =>
        oc
          .columns(['link_id', 'subject'])
          .doUpdateSet({ student_exam_id: assignment.id })
          .where('lti_link_members.student_exam_id', '<>', assignment.id),
      )
      .returning(sql<boolean>`xmax = 0`.as('inserted'))
      .executeTakeFirst();
    if (inserted?.inserted) added += 1;
  }
  return added;
}

/**
 * Reads the course membership lists that are due (Names and Role Provisioning Services 2.0), one
 * token per platform a run, and links their learners. Only links whose scores go back (a line
 * item) are read. A refusal is logged and the link waits an hour; a list read waits six. A run
 * starts no new list after 20 s (the scores wait behind it). Returns how many lists were read,
 * members added and lists refused.
 */
export async function syncCourseRosters(
  app: FastifyInstance,
): Promise<{ read: number; added: number; refused: number }> {
  const now = app.clock.now();
  const { rows: due } = await sql<RosterDue>`
    select l.id as link_id, l.exam_id, l.memberships_url, p.id as platform_id, p.client_id, p.auth_token_url
    from lti_links l
    join lti_platforms p on p.id = l.platform_id and p.is_active and p.auth_token_url is not null
    where l.memberships_url is not null and l.lineitem_url is not null
      and (l.roster_due_at is null or l.roster_due_at <= ${now})
    order by l.roster_due_at nulls first, l.id
    limit ${BATCH}`.execute(app.db);
  const tokens = new Map<number, Promise<string>>();
  const totals = { read: 0, added: 0, refused: 0 };
  const started = Date.now();
  for (const link of due) {
    if (Date.now() - started > RUN_BUDGET_MS) break;
    // Taken for an hour before it is read: another run (another server's minute) passes it by.
    const taken = await app.db
      .updateTable('lti_links')
      .set({ roster_due_at: new Date(now.getTime() + RETRY_HOURS * 3600_000) })
      .where('id', '=', link.link_id)
      .where((eb) => eb.or([eb('roster_due_at', 'is', null), eb('roster_due_at', '<=', now)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) continue;
    try {
      if (app.config.production && ![link.auth_token_url, link.memberships_url].every((u) => u.startsWith('https://')))
        throw new Error('a platform reached over plain http');
      if (!tokens.has(link.platform_id)) tokens.set(link.platform_id, platformToken(app, link, SCOPES.memberships));
      totals.added += await linkLearners(app.db, link, await learnersOf(link, await tokens.get(link.platform_id)!));
      totals.read += 1;
      await app.db
        .updateTable('lti_links')
        .set({ roster_due_at: new Date(now.getTime() + EVERY_HOURS * 3600_000) })
        .where('id', '=', link.link_id)
        .execute();
    } catch (error) {
      // Left taken: read again in an hour.
      totals.refused += 1;
      app.log.warn({ err: error, platform: link.platform_id, link: link.link_id }, 'LTI course roster not read');
    }
  }
  return totals;
}
