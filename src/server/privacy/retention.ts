import { sql } from 'kysely';
import { recordAudit } from '../audit';
import type { Db } from '../db/database';
import type { FileStore } from '../storage';
import { ERASED_MEDIA, eraseStudent } from './erase-student';
import { studentFootprint } from './student-footprint';

/** How long personal data is kept (`RETAIN_RECORDINGS_DAYS`, `ERASE_LEAVERS_AFTER_YEARS`); 0 keeps it. */
export interface RetentionSettings {
  recordingsDays: number;
  leaversYears: number;
}

/** A school's or an exam's name in both languages, as the dry run shows it. */
interface Named {
  school_en: string;
  school_ar: string;
}

export interface DueRecording extends Named {
  media_id: number;
  file_name: string;
  student_id: number;
  student_number: string;
  school_id: number;
  exam_id: number;
  exam_en: string;
  exam_ar: string;
  released_at: Date;
}

export interface DueLeaver extends Named {
  student_id: number;
  student_number: string;
  name_en: string;
  name_ar: string;
  school_id: number;
  left_at: Date;
}

export interface RetentionPlan {
  recordings: DueRecording[];
  leavers: DueLeaver[];
}

const DAY_MS = 86_400_000;

/** A spoken answer's question, from its media label (media/answer-recordings.ts names it so). */
const questionOfLabel = sql<number>`substring(m.label from '^exams/questions/([0-9]{1,9})/audio_responses$')::int`;

/**
 * What the retention rules would delete now (the dry run, and the job's list): recordings whose
 * results were released (by hand, after the window closed, or at once for a practice test) more
 * than the set days ago, and students who left (made inactive) more than the set years ago and
 * are not erased yet. A student sitting an exam is never due.
 */
export async function planRetention(db: Db, settings: RetentionSettings, now: Date): Promise<RetentionPlan> {
  const recordings =
    settings.recordingsDays <= 0
      ? []
      : (
          await sql<DueRecording>`
            select distinct on (m.id) m.id as media_id, m.file_name, s.id as student_id, s.student_number, s.school_id,
              sc.name_en as school_en, sc.name_ar as school_ar, se.exam_id, e.name_en as exam_en, e.name_ar as exam_ar,
              released.at as released_at
            from media m
            join students s on s.user_id = m.owner_id
            join schools sc on sc.id = s.school_id
            join exam_questions q on q.id = ${questionOfLabel}
            join student_exams se on se.student_id = s.id and se.exam_id = q.exam_id
            join exams e on e.id = se.exam_id
            join exam_types et on et.id = e.exam_type_id
            cross join lateral (select case
              when et.is_mock then se.submitted_at
              when se.released_at is not null then se.released_at
              when se.release_mode = 'after_close' then coalesce(se.end_date_time, e.end_date_time)
            end as at) released
            where released.at < ${new Date(now.getTime() - settings.recordingsDays * DAY_MS)}
            order by m.id, released.at`.execute(db)
        ).rows;
  const leavers =
    settings.leaversYears <= 0
      ? []
      : await db
          .selectFrom('students as s')
          .innerJoin('schools as sc', 'sc.id', 's.school_id')
          .select([
            's.id as student_id',
            's.student_number',
            's.name_en',
            's.name_ar',
            's.school_id',
            'sc.name_en as school_en',
            'sc.name_ar as school_ar',
            's.left_at',
          ])
          .where('s.erased_at', 'is', null)
          .where('s.is_active', '=', false)
          .where('s.left_at', '<', yearsBefore(now, settings.leaversYears))
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('exam_attempts as a')
                  .innerJoin('student_exams as se', 'se.id', 'a.student_exam_id')
                  .select('a.id')
                  .whereRef('se.student_id', '=', 's.id')
                  .where('a.status', '=', 'in_progress'),
              ),
            ),
          )
          .orderBy('s.id')
          .execute();
  return {
    recordings: recordings.map((row) => ({ ...row, released_at: new Date(row.released_at) })),
    leavers: leavers.map((row) => ({
      student_id: row.student_id,
      student_number: String(row.student_number),
      name_en: String(row.name_en),
      name_ar: String(row.name_ar),
      school_id: Number(row.school_id),
      school_en: String(row.school_en),
      school_ar: String(row.school_ar),
      left_at: new Date(row.left_at as Date),
    })),
  };
}

function yearsBefore(now: Date, years: number): Date {
  const then = new Date(now);
  then.setUTCFullYear(then.getUTCFullYear() - years);
  return then;
}

/** Deletes one recording: its answer's reference first (scores and marks stay), its record, then its file. */
async function deleteRecording(db: Db, store: FileStore, recording: DueRecording): Promise<void> {
  const names = JSON.stringify({ path: `media/${recording.file_name}`, name: recording.file_name });
  await db.transaction().execute(async (trx) => {
    const erased = JSON.stringify(ERASED_MEDIA);
    await sql`
      update attempt_answers aa
      set answer = replace(replace(aa.answer::text,
        ${`"media": "media/${recording.file_name}"`}, ${`"media": ${erased}`}),
        ${`"media": "${recording.file_name}"`}, ${`"media": ${erased}`})::jsonb
      from exam_attempts a join student_exams se on se.id = a.student_exam_id
      where a.id = aa.attempt_id and se.student_id = ${recording.student_id}
        and jsonb_path_exists(aa.answer, '$.**.media ? (@ == $path || @ == $name)', ${names}::jsonb)`.execute(trx);
    await trx.deleteFrom('media').where('id', '=', recording.media_id).execute();
  });
  await store.remove(`media/${recording.file_name}`);
}

/**
 * Carries out the retention rules (the daily job): each due recording deleted, each due leaver
 * erased (as an erasure by the system, audited with the rule as its reason; `remake` queues the
 * group reports that listed them). One that fails is
 * counted and left for the next day; the rest go on.
 */
export async function applyRetention(
  db: Db,
  store: FileStore,
  settings: RetentionSettings,
  now: Date,
  remake: (reportIds: number[]) => Promise<void> = async () => undefined,
): Promise<{ recordings: number; leavers: number; failed: number }> {
  const plan = await planRetention(db, settings, now);
  let failed = 0;
  let recordings = 0;
  let leavers = 0;
  for (const recording of plan.recordings) {
    try {
      await deleteRecording(db, store, recording);
      recordings++;
    } catch {
      failed++;
    }
  }
  for (const leaver of plan.leavers) {
    try {
      const footprint = await studentFootprint(db, leaver.student_id);
      if (!footprint) continue;
      const erased = await eraseStudent(db, store, footprint, {
        actorId: null,
        address: null,
        requestId: null,
        reason: `retention: left more than ${settings.leaversYears} years ago`,
      });
      await remake(erased.remade);
      leavers++;
    } catch {
      failed++;
    }
  }
  if (recordings + leavers + failed > 0)
    await recordAudit(db, {
      actorId: null,
      address: null,
      requestId: null,
      action: 'privacy.retention',
      target: `retention/${now.toISOString().slice(0, 10)}`,
      summary: { recordings, leavers, failed, ...settings },
    });
  return { recordings, leavers, failed };
}
