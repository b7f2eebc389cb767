import { sql } from 'kysely';
import { listPermissions, AREAS } from '../../common/permission-catalog';
import { hasAnyPermission, permissionFor } from '../../common/permissions';
import type { AuthContext } from '../http/auth-context';
import type { Db } from '../db/database';

/**
 * What an upload is for, read from its label:
 * - `answer`: a student's spoken answer, `exams/questions/{questionId}/audio_responses` (SPEC section 7);
 * - `content`: everything else (question media, instruction audio, exam material).
 */
export type MediaPurpose = 'content' | 'answer';

const ANSWER_LABEL = /^exams\/questions\/\d{1,10}\/audio_responses$/;

export const purposeOf = (label: string): MediaPurpose => (ANSWER_LABEL.test(label) ? 'answer' : 'content');

/** Authors of questions, exams and localized exams upload content. */
export const CONTENT_UPLOADERS = [
  permissionFor(AREAS.questionsBank, 'create'),
  permissionFor(AREAS.questionsBank, 'edit'),
  permissionFor(AREAS.exams, 'create'),
  permissionFor(AREAS.exams, 'edit'),
  permissionFor(AREAS.examLocalizations, 'create'),
  permissionFor(AREAS.examLocalizations, 'edit'),
];

/** Students answering an exam upload their spoken answers. */
export const ANSWER_UPLOADERS = [permissionFor(AREAS.studentExams, 'edit')];

/** Staff who can see the bank or exams see their media. */
export const CONTENT_READERS = [
  ...listPermissions(AREAS.questionsBank),
  ...listPermissions(AREAS.exams),
  permissionFor(AREAS.mockExams, 'view'),
  ...listPermissions(AREAS.examLocalizations),
];

/** Staff allowed to correct see (and hear) students' answers. */
export const ANSWER_READERS = [...listPermissions(AREAS.corrections), ...listPermissions(AREAS.studentResponses)];

export function mayUpload(auth: AuthContext, purpose: MediaPurpose): boolean {
  return hasAnyPermission(auth.permissions, purpose === 'answer' ? ANSWER_UPLOADERS : CONTENT_UPLOADERS);
}

/**
 * Who may read a stored file: its owner always; content for staff who can see the bank or exams;
 * a student's answer for the staff allowed to correct it. Students read exam content through their
 * assignments (`studentMayRead`).
 */
export function mayRead(auth: AuthContext, media: { owner_id: number | null; label: string }): boolean {
  if (media.owner_id === auth.user.id) return true;
  return hasAnyPermission(auth.permissions, purposeOf(media.label) === 'answer' ? ANSWER_READERS : CONTENT_READERS);
}

/**
 * A student reads a question's media or instruction audio when it belongs to an exam assigned to
 * them whose window has opened (afterwards too: results show the questions); nothing else
 * (another exam's media, or one not open yet, stays 404).
 */
export async function studentMayRead(db: Db, userId: number, media: { file_name: string; label: string }, now: Date) {
  if (purposeOf(media.label) === 'answer') return false;
  const reference = `media/${media.file_name}`;
  const found = await db
    .selectFrom('students')
    .innerJoin('student_exams', 'student_exams.student_id', 'students.id')
    .innerJoin('exam_questions', 'exam_questions.exam_id', 'student_exams.exam_id')
    .select('exam_questions.id')
    .where('students.user_id', '=', userId)
    .innerJoin('exams', 'exams.id', 'student_exams.exam_id')
    // The assignment's window, or the exam's own when the assignment has none.
    .where(sql<Date>`coalesce(student_exams.start_date_time, exams.start_date_time)`, '<=', now)
    .where((eb) =>
      eb.or([
        eb('exam_questions.media', 'in', [reference, media.file_name]),
        eb('exam_questions.instruction_audio', 'in', [reference, media.file_name]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}
