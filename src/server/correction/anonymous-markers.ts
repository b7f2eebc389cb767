import { sql } from 'kysely';
import type { Db } from '../db/database';
import { AppError } from '../http/app-error';

/**
 * One person never holds both halves of an anonymous exam's join while its marking is open: the
 * exam by code (its anonymous correction views, its marks) and its students by name beside what
 * their attempts did (the monitor's statuses, times and progress, the named results, a student's
 * exams with their times). The first half a person reads is their side of that exam
 * (`anonymous_marking_sides`, one row per person and exam, so two requests at once cannot take
 * both), and the other half is refused them: by name while marking is open, by code for good (a
 * reader cannot forget whom they saw). Whoever holds a sheet on the exam is on the code side. An
 * administrator may lift an exam's anonymity (`anonymity_lifts`, audited): then no side holds.
 */
type Side = 'name' | 'code';

/** Marking is open: an attempt is still being sat or waits for a mark, or an assignment may still be started. */
const markingOpen = (examId: number, now: Date) => sql<boolean>`(
  exists (
    select 1 from student_exams se join exam_attempts a on a.student_exam_id = se.id
    where se.exam_id = ${examId}
      and (a.status = 'in_progress' or (a.needs_correction and a.marking_final < a.marking_total))
  ) or exists (
    select 1 from student_exams se join exams e on e.id = se.exam_id
    where se.exam_id = ${examId} and se.started_at is null
      and coalesce(se.end_date_time, e.end_date_time) > ${now}
  ))`;

/** Where `readerId` stands on exam `examId`: anonymous or not, marking open or not, the side taken if any. */
async function standing(db: Db, readerId: number, examId: number, now: Date) {
  const { rows } = await sql<{ anonymous: boolean; lifted: boolean; open: boolean; side: Side | null }>`
    select coalesce(e.anonymous_marking, false) as anonymous,
      exists (select 1 from anonymity_lifts l where l.exam_id = ${examId}) as lifted,
      coalesce(e.anonymous_marking, false) and ${markingOpen(examId, now)}
        and not exists (select 1 from anonymity_lifts l where l.exam_id = ${examId}) as open,
      coalesce(
        (select s.side from anonymous_marking_sides s where s.exam_id = ${examId} and s.user_id = ${readerId}),
        case when exists (
          select 1 from student_exams se
          join exam_attempts a on a.student_exam_id = se.id
          join correction_sheets cs on cs.attempt_id = a.id and cs.marker_id = ${readerId}
          where se.exam_id = ${examId}
        ) then 'code' end
      ) as side
    from (select ${examId}::integer as id) x left join exams e on e.id = x.id`.execute(db);
  const row = rows[0];
  return {
    anonymous: row?.anonymous === true,
    lifted: row?.lifted === true,
    open: row?.open === true,
    side: row?.side ?? null,
  };
}

/** Takes `side` for `readerId` on exam `examId` unless they have one: the side they hold after. */
async function take(db: Db, readerId: number, examId: number, side: Side, now: Date): Promise<Side> {
  await db
    .insertInto('anonymous_marking_sides')
    .values({ exam_id: examId, user_id: readerId, side, taken_at: now })
    .onConflict((oc) => oc.columns(['exam_id', 'user_id']).doNothing())
    .execute();
  const held = await db
    .selectFrom('anonymous_marking_sides')
    .select('side')
    .where('exam_id', '=', examId)
    .where('user_id', '=', readerId)
    .executeTakeFirstOrThrow();
  return held.side;
}

/** Whether `readerId` marks exam `examId` anonymously while its marking is open (is on its code side). */
export async function marksAnonymously(db: Db, readerId: number, examId: number, now: Date): Promise<boolean> {
  const { open, side } = await standing(db, readerId, examId, now);
  return open && side === 'code';
}

const markerRefusal = () => new AppError(403, 'correction.errors.anonymous_marker');
const readerRefusal = () => new AppError(403, 'correction.errors.read_by_name');

/**
 * Before a named view of exam `examId` (its monitor, interventions, extra time, release, results
 * export): refused (403) to whoever is on its code side while its marking is open; anyone else
 * reading it then takes the name side, and may no longer read it by code.
 */
export async function readByName(db: Db, readerId: number, examId: number, now: Date): Promise<void> {
  const { open, side } = await standing(db, readerId, examId, now);
  if (!open) return;
  if (side === 'code' || (side === null && (await take(db, readerId, examId, 'name', now)) === 'code'))
    throw markerRefusal();
}

/**
 * Before an anonymous view of exam `examId` by code (its list, a correction, a recording, a save):
 * refused (403) to whoever read it by name while its marking was open; anyone else reading it while
 * marking is open takes the code side. Exams marked by name, and those whose anonymity was lifted, pass.
 */
export async function readByCode(db: Db, readerId: number, examId: number, now: Date): Promise<void> {
  const { anonymous, lifted, open, side } = await standing(db, readerId, examId, now);
  if (!anonymous || lifted) return;
  if (side === 'name') throw readerRefusal();
  if (side === null && open && (await take(db, readerId, examId, 'code', now)) === 'name') throw readerRefusal();
}

/**
 * Of `examIds` shown by name (a student's exams, their profile), those `readerId` is on the code side
 * of while their marking is open: shown veiled. The other anonymous exams whose marking is open are
 * read by name, and their name side taken (see `readByName`).
 */
export async function veiledExams(db: Db, readerId: number | null, examIds: number[], now: Date): Promise<Set<number>> {
  const veiled = new Set<number>();
  if (readerId === null || examIds.length === 0) return veiled;
  const anonymous = await db
    .selectFrom('exams')
    .select('id')
    .where('anonymous_marking', '=', true)
    .where('id', 'in', examIds)
    .execute();
  for (const { id } of anonymous) {
    const { open, side } = await standing(db, readerId, id, now);
    if (!open) continue;
    const held = side ?? (await take(db, readerId, id, 'name', now));
    if (held === 'code') veiled.add(id);
  }
  return veiled;
}
