import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { SignJWT } from 'jose';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { resultsReleasedSql } from '../delivery';
import { TOOL_ALG, toolKey } from './tool-keys';

export const LTI_SCORES_QUEUE = 'lti-scores';
const SCORE_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';
const TIMEOUT_MS = 10_000;
/** Scores sent in one run at most; the rest wait for the next minute. */
const BATCH = 200;

interface ScoreDue {
  link_id: number;
  lineitem_url: string;
  platform_id: number;
  client_id: string;
  auth_token_url: string;
  subject: string;
  attempt_id: number;
  result_mark: string;
  max_mark: string;
  submitted_at: Date | string;
}

/**
 * The scores a platform has not had yet: for each link with a line item and each of the platform's
 * people linked to a student assigned its exam, the latest submitted attempt once every answer is
 * marked and its results are released to the student (the same rule as the student's own page),
 * when no score was sent for them or the one sent has changed (a re-mark).
 */
async function scoresDue(db: Db, now: Date, graceSeconds: number): Promise<ScoreDue[]> {
  const { rows } = await sql<ScoreDue>`
    select l.id as link_id, l.lineitem_url, p.id as platform_id, p.client_id, p.auth_token_url, i.subject,
      a.id as attempt_id, a.result_mark, e.max_mark, a.submitted_at
    from lti_links l
    join lti_platforms p on p.id = l.platform_id and p.is_active and p.auth_token_url is not null
    join lti_identities i on i.platform_id = l.platform_id
    join students st on st.user_id = i.user_id
    join student_exams se on se.student_id = st.id and se.exam_id = l.exam_id
    join exams e on e.id = se.exam_id
    join exam_types et on et.id = e.exam_type_id
    join lateral (
      select id, result_mark, submitted_at from exam_attempts
      where student_exam_id = se.id and status = 'submitted' and result_mark is not null
      order by submitted_at desc, id desc limit 1
    ) a on true
    left join lti_score_posts sp on sp.link_id = l.id and sp.subject = i.subject
    where l.lineitem_url is not null and ${resultsReleasedSql(now, graceSeconds)}
      and (sp.link_id is null or sp.score_given <> a.result_mark or sp.attempt_id <> a.id)
    order by l.id, i.subject
    limit ${BATCH}`.execute(db);
  return rows;
}

/** An AGS access token from the platform: client credentials, this tool proving itself with a JWT signed by its key. */
async function accessToken(db: Db, due: ScoreDue): Promise<string> {
  const { kid, privateKey } = await toolKey(db);
  const assertion = await new SignJWT({})
    .setProtectedHeader({ alg: TOOL_ALG, kid, typ: 'JWT' })
    .setIssuer(due.client_id)
    .setSubject(due.client_id)
    .setAudience(due.auth_token_url)
    .setIssuedAt()
    .setExpirationTime('5m')
    .setJti(randomUUID())
    .sign(privateKey);
  const response = await fetch(due.auth_token_url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
      scope: SCORE_SCOPE,
    }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => ({}))) as { access_token?: unknown };
  if (!response.ok || typeof body.access_token !== 'string')
    throw new Error(`the platform's token endpoint answered ${response.status}`);
  return body.access_token;
}

/** A line item's scores address: its path and `/scores`, its query kept (AGS 2.0, 3.4). */
export function scoresUrl(lineitem: string): string {
  const url = new URL(lineitem);
  url.pathname = `${url.pathname.replace(/\/$/, '')}/scores`;
  return url.toString();
}

/**
 * Sends each released, marked score the platforms have not had to its line item (the mark on the
 * exam's scale, of its maximum), one token per platform a run. A refusal is logged and tried again
 * next run; the scores it did send are recorded. Returns how many were sent and refused.
 */
export async function sendReleasedScores(app: FastifyInstance): Promise<{ sent: number; refused: number }> {
  const due = await scoresDue(app.db, app.clock.now(), app.config.delivery.graceSeconds);
  const tokens = new Map<number, Promise<string>>();
  let sent = 0;
  let refused = 0;
  for (const score of due) {
    try {
      if (app.config.production && ![score.auth_token_url, score.lineitem_url].every((u) => u.startsWith('https://')))
        throw new Error('a platform reached over plain http');
      if (!tokens.has(score.platform_id)) tokens.set(score.platform_id, accessToken(app.db, score));
      const token = await tokens.get(score.platform_id)!;
      const given = Number(score.result_mark);
      const maximum = Number(score.max_mark);
      const response = await fetch(scoresUrl(score.lineitem_url), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.ims.lis.v1.score+json' },
        body: JSON.stringify({
          userId: score.subject,
          scoreGiven: given,
          scoreMaximum: maximum,
          activityProgress: 'Completed',
          gradingProgress: 'FullyGraded',
          timestamp: new Date(score.submitted_at).toISOString(),
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`the platform's scores endpoint answered ${response.status}`);
      await app.db
        .insertInto('lti_score_posts')
        .values({
          link_id: score.link_id,
          subject: score.subject,
          attempt_id: score.attempt_id,
          score_given: given,
          score_maximum: maximum,
          posted_at: new Date(),
        })
        .onConflict((oc) =>
          oc.columns(['link_id', 'subject']).doUpdateSet({
            attempt_id: score.attempt_id,
            score_given: given,
            score_maximum: maximum,
            posted_at: new Date(),
          }),
        )
        .execute();
      sent += 1;
    } catch (error) {
      refused += 1;
      app.log.warn({ err: error, platform: score.platform_id, link: score.link_id }, 'LTI score not sent');
    }
  }
  return { sent, refused };
}

/** Scores go back every minute (once across every server process). */
export function defineLtiScoresJob(app: FastifyInstance): void {
  app.jobs.define(
    LTI_SCORES_QUEUE,
    async () => {
      const done = await sendReleasedScores(app);
      if (done.sent + done.refused > 0) app.log.info(done, 'LTI scores sent');
    },
    { every: '* * * * *' },
  );
}
