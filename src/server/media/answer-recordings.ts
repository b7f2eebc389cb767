import { sql } from 'kysely';
import type { Db } from '../db/database';

/** The question a spoken answer's label names: `exams/questions/{questionId}/audio_responses`. */
export const answerQuestionOf = (label: string): number | null => {
  const match = /^exams\/questions\/(\d{1,10})\/audio_responses$/.exec(label);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
};

/**
 * Whether a user may upload a spoken answer for a question now: the question asks for one (an
 * audio response, or a paragraph with an audio response among its related questions) and belongs
 * to the exam of one of the user's own attempts that is running (within its deadline and grace).
 * One answer for every other case (not a student, another student's exam, not started, submitted,
 * another kind of question, no such question), so nothing can be learnt by trying ids.
 */
export async function spokenAnswerOpen(
  db: Db,
  userId: number,
  questionId: number,
  now: Date,
  graceSeconds: number,
): Promise<boolean> {
  const { rows } = await sql<{ found: number }>`
    select 1 as found
    from students s
    join student_exams se on se.student_id = s.id
    join exam_attempts a on a.student_exam_id = se.id
    join exam_questions q on q.exam_id = se.exam_id
    where s.user_id = ${userId}
      and q.id = ${questionId}
      and a.status = 'in_progress'
      and a.deadline_at + make_interval(secs => ${graceSeconds}) >= ${now}
      and (
        q.answer_type = 'audio_response'
        or (q.answer_type = 'paragraph' and jsonb_path_exists(q.answer_key, '$.children[*] ? (@.kind == "audio_response")'))
      )
    limit 1`.execute(db);
  return rows.length > 0;
}

/**
 * Whether a stored answer names a recording (a spoken answer, or a paragraph's): such a file is
 * evidence a corrector marks, and is not deleted. The answers looked at are its owner's (any, when
 * the account that uploaded it is gone).
 */
export async function recordingInAnswer(db: Db, media: { file_name: string; owner_id: number | null }) {
  const names = JSON.stringify({ path: `media/${media.file_name}`, name: media.file_name });
  const { rows } = await sql<{ found: number }>`
    select 1 as found
    from attempt_answers aa
    join exam_attempts a on a.id = aa.attempt_id
    join student_exams se on se.id = a.student_exam_id
    join students s on s.id = se.student_id
    where (${media.owner_id}::int is null or s.user_id = ${media.owner_id})
      and jsonb_path_exists(aa.answer, '$.**.media ? (@ == $path || @ == $name)', ${names}::jsonb)
    limit 1`.execute(db);
  return rows.length > 0;
}
