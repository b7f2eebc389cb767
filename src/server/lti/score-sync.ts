import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { resultsReleasedSql } from '../delivery';
import { PLATFORM_TIMEOUT_MS, platformToken, SCOPES } from './platform-token';
import { syncCourseRosters } from './roster-sync';

export const LTI_SCORES_QUEUE = 'lti-scores';
/** Scores sent in one run at most; the rest wait for the next minute. */
const BATCH = 200;

interface ScoreDue {
  link_id: number;
  lineitem_url: string;
  platform_id: number;
  client_id: string;
  auth_token_url: string;
  subject: string;
  failures: number;
  attempt_id: number;
  result_mark: string;
  max_mark: string;
}

/**
 * The scores a platform has not had yet: for each person who launched a link with a line item, the
 * latest attempt of the assignment the launch opened, once it is submitted, every answer is marked
 * and its results are released to the student (the rule of the student's own page), when no score
 * was sent or the one sent has changed (a re-mark, a new attempt). One row per link and person; a
 * refused one waits until its retry time, longest waiting first.
 */
async function scoresDue(db: Db, now: Date, graceSeconds: number): Promise<ScoreDue[]> {
  const { rows } = await sql<ScoreDue>`
    select l.id as link_id, l.lineitem_url, p.id as platform_id, p.client_id, p.auth_token_url, m.subject,
      m.failures, a.id as attempt_id, a.result_mark, e.max_mark
    from lti_link_members m
    join lti_links l on l.id = m.link_id and l.lineitem_url is not null
    join lti_platforms p on p.id = l.platform_id and p.is_active and p.auth_token_url is not null
    -- The assignment of the exam the link opens now (a teacher may have linked the activity to another).
    join student_exams se on se.id = m.student_exam_id and se.exam_id = l.exam_id
    join exams e on e.id = se.exam_id
    join exam_types et on et.id = e.exam_type_id
    join lateral (
      select id, status, result_mark from exam_attempts
      where student_exam_id = se.id order by number desc, id desc limit 1
    ) a on a.status = 'submitted' and a.result_mark is not null
    where ${resultsReleasedSql(now, graceSeconds)}
      and (m.sent_attempt_id is null or m.sent_attempt_id <> a.id or m.sent_score <> a.result_mark)
      and (m.retry_after is null or m.retry_after <= ${now})
    order by m.retry_after nulls first, l.id, m.subject
    limit ${BATCH}`.execute(db);
  return rows;
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
 * later, waiting longer each time; the scores sent are recorded. Returns how many were sent and refused.
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
      if (!tokens.has(score.platform_id)) tokens.set(score.platform_id, platformToken(app, score, SCOPES.score));
      const token = await tokens.get(score.platform_id)!;
      const given = Number(score.result_mark);
      const response = await fetch(scoresUrl(score.lineitem_url), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.ims.lis.v1.score+json' },
        body: JSON.stringify({
          userId: score.subject,
          scoreGiven: given,
          scoreMaximum: Number(score.max_mark),
          activityProgress: 'Completed',
          gradingProgress: 'FullyGraded',
          // When the score changed here: a re-mark is newer than the grade the platform holds.
          timestamp: new Date().toISOString(),
        }),
        signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS),
        redirect: 'error',
      });
      if (!response.ok) throw new Error(`the platform's scores endpoint answered ${response.status}`);
      await app.db
        .updateTable('lti_link_members')
        .set({
          sent_attempt_id: score.attempt_id,
          sent_score: given,
          sent_at: new Date(),
          failures: 0,
          retry_after: null,
        })
        .where('link_id', '=', score.link_id)
        .where('subject', '=', score.subject)
        .execute();
      sent += 1;
    } catch (error) {
      refused += 1;
      app.log.warn({ err: error, platform: score.platform_id, link: score.link_id }, 'LTI score not sent');
      // Tried again after 1, 2, 4 ... minutes, a day at most: a refused score holds no other back.
      const waitMinutes = Math.min(2 ** score.failures, 24 * 60);
      await app.db
        .updateTable('lti_link_members')
        .set({ failures: score.failures + 1, retry_after: new Date(app.clock.now().getTime() + waitMinutes * 60_000) })
        .where('link_id', '=', score.link_id)
        .where('subject', '=', score.subject)
        .execute();
    }
  }
  return { sent, refused };
}

/**
 * Every minute (once across every server process): the course membership lists that are due are
 * read (their learners linked), then the scores go back.
 */
export function defineLtiScoresJob(app: FastifyInstance): void {
  app.jobs.define(
    LTI_SCORES_QUEUE,
    async () => {
      const rosters = await syncCourseRosters(app);
      if (rosters.read + rosters.refused > 0) app.log.info(rosters, 'LTI course rosters read');
      const done = await sendReleasedScores(app);
      if (done.sent + done.refused > 0) app.log.info(done, 'LTI scores sent');
    },
    { every: '* * * * *' },
  );
}
