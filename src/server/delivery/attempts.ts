import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import { validateAnswer } from '../../common/questions/index';
import { idValue } from '../../common/ids';
import type { Clock } from '../clock';
import type { Db, RunPrepared } from '../db/database';
import { invalid, notFound, parseOrThrow } from '../http/app-error';
import { orderStudentQuestions } from '../exams';
import type { QuestionsStore } from '../questions';
import { latestAttempts, loadAssignment, type Assignment, type AttemptRow } from './assignment-store';
import { presentAttempt } from './attempt-view';
import { deliveryRefusal } from './refusals';
import { finalizeAttempt } from './scoring';
import { examQuestionKeys, rememberSavingExam, savingExam, storeAnswers } from './answer-save';
import type { DeadlineScheduler } from './deadline-jobs';
import { preparedQuestionsFor } from './student-view-cache';

const MAX_SEQ = 2_147_483_647;

/** `PUT /student/exams/{id}/answers`: a batch of answers, each with the client's per-question sequence number. */
export const answersBody = z.strictObject({
  /** The attempt the answers were given in: 418 when it is no longer the running one. */
  attempt_id: idValue().optional(),
  answers: z
    .array(
      z.strictObject({
        question_id: idValue(),
        answer: z.unknown(),
        seq: z.number().int().min(0).max(MAX_SEQ),
      }),
    )
    .min(1)
    .max(500),
});

/** A student's exam: start, resume, save answers, count media plays, submit. */
export class Attempts {
  constructor(
    private readonly db: Db,
    private readonly runPrepared: RunPrepared,
    private readonly bank: QuestionsStore,
    private readonly clock: Clock,
    private readonly graceSeconds: number,
    private readonly deadlines: DeadlineScheduler,
  ) {}

  private async latest(assignment: Assignment): Promise<AttemptRow | undefined> {
    return (await latestAttempts(this.db, [assignment.id]))[0];
  }

  /** The latest attempt, submitted first when it ran past its deadline and grace (one read otherwise). */
  private async settled(assignment: Assignment): Promise<AttemptRow | undefined> {
    const latest = await this.latest(assignment);
    if (latest?.status !== 'in_progress') return latest;
    const now = this.clock.now();
    if (now.getTime() <= new Date(latest.deadline_at).getTime() + this.graceSeconds * 1000) return latest;
    await finalizeAttempt(this.db, latest.id, now, true);
    return this.latest(assignment);
  }

  /** `userId`: the student's account, told so that their first save skips the assignment lookup. */
  async start(studentId: number, assignmentId: number, userId?: number) {
    const assignment = await loadAssignment(this.db, studentId, assignmentId);
    if (userId !== undefined) rememberSavingExam(this.db, userId, assignment.id, assignment.exam_id);
    const latest = await this.settled(assignment);
    if (latest?.status === 'in_progress') return this.view(assignment, latest);
    const now = this.clock.now();
    if (now < assignment.start) throw deliveryRefusal.notOpenYet();
    if (now > assignment.end) throw deliveryRefusal.closed();
    if (latest && !assignment.exam.is_mock) throw deliveryRefusal.alreadySubmitted();
    // Its questions may be changing (and the prepared student view with them): nobody starts it now.
    if (!assignment.published) throw deliveryRefusal.unavailable();
    const deadline = new Date(
      Math.min(now.getTime() + assignment.exam.duration_minutes * 60_000, assignment.end.getTime()),
    );
    // Two tabs starting at once: the partial unique index lets one insert; the other reads it.
    const created = await this.db
      .insertInto('exam_attempts')
      .values({
        student_exam_id: assignment.id,
        number: (latest?.number ?? 0) + 1,
        seed: randomBytes(8).toString('hex'),
        started_at: now,
        deadline_at: deadline,
      })
      .onConflict((oc) => oc.column('student_exam_id').where('status', '=', 'in_progress').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!created) return this.view(assignment, (await this.latest(assignment))!);
    await this.deadlines.schedule(created.id, new Date(deadline.getTime() + this.graceSeconds * 1000));
    await this.db
      .updateTable('student_exams')
      .set({ status: 'in_progress', started_at: sql<Date>`coalesce(started_at, ${now})`, updated_at: now })
      .where('id', '=', assignment.id)
      .execute();
    return this.view(assignment, created, false);
  }

  async current(studentId: number, assignmentId: number) {
    const assignment = await loadAssignment(this.db, studentId, assignmentId);
    const latest = await this.settled(assignment);
    if (!latest) throw deliveryRefusal.notStarted();
    return this.view(assignment, latest);
  }

  /** The attempt answers may go to: running and within its deadline plus grace (418 otherwise). */
  private async writable(assignment: Assignment): Promise<AttemptRow> {
    const latest = await this.settled(assignment);
    if (!latest) throw deliveryRefusal.notStarted();
    if (latest.status === 'in_progress') return latest;
    throw latest.auto_submitted ? deliveryRefusal.deadlinePassed() : deliveryRefusal.alreadySubmitted();
  }

  /** The recordings an answer names (an audio response's `media`, a paragraph's children's too). */
  private static recordingsIn(answer: unknown, found: string[] = []): string[] {
    if (Array.isArray(answer)) for (const item of answer) Attempts.recordingsIn(item, found);
    else if (answer && typeof answer === 'object')
      for (const [key, value] of Object.entries(answer)) {
        if (key === 'media' && typeof value === 'string') found.push(value.replace(/^media\//, ''));
        else Attempts.recordingsIn(value, found);
      }
    return found;
  }

  /** A spoken answer must be the student's own upload for an exam question (not someone else's file). */
  private async ownRecordings(userId: number, answers: { question_id: number; answer: unknown }[]) {
    const errors: Record<string, string[]> = {};
    for (const item of answers) {
      const names = Attempts.recordingsIn(item.answer);
      if (names.length === 0) continue;
      const owned = await this.db
        .selectFrom('media')
        .select('file_name')
        .where('file_name', 'in', names)
        .where('owner_id', '=', userId)
        .where('label', 'like', 'exams/questions/%/audio_responses')
        .execute();
      if (owned.length !== new Set(names).size)
        errors[`answers.${item.question_id}`] = ['delivery.errors.recording_not_yours'];
    }
    return errors;
  }

  /** `PUT .../answers`: 404/403/418 as `saveTarget` says, 422 naming each invalid answer, then one statement that checks again and saves. */
  async saveAnswers(userId: number, assignmentId: number, input: unknown) {
    const body = parseOrThrow(answersBody, input);
    const now = this.clock.now();
    const graceMs = this.graceSeconds * 1000;
    const examId = await savingExam(this.db, userId, assignmentId, now, graceMs);
    const questions = await examQuestionKeys(this.db, examId, now.getTime());
    const errors: Record<string, string[]> = {};
    for (const item of body.answers) {
      const question = questions.get(item.question_id);
      const field = `answers.${item.question_id}`;
      if (!question) errors[field] = ['delivery.errors.question_not_in_exam'];
      else {
        const issues = validateAnswer(question.answer_type, question.answer_key, item.answer);
        if (issues.length > 0) errors[field] = [...new Set(issues.map((issue) => issue.message))];
      }
    }
    Object.assign(errors, await this.ownRecordings(userId, body.answers));
    if (Object.keys(errors).length > 0) throw invalid(errors);
    // The highest seq of each question in the batch; a stored seq as high or higher wins.
    const newest = new Map<number, (typeof body.answers)[number]>();
    for (const item of body.answers)
      if ((newest.get(item.question_id)?.seq ?? -1) < item.seq) newest.set(item.question_id, item);
    const { saved, deadlineAt } = await storeAnswers(this.db, this.runPrepared, {
      userId,
      assignmentId,
      attemptId: body.attempt_id ?? null,
      items: [...newest.values()],
      now,
      graceMs,
    });
    return { saved, server_time: now.toISOString(), deadline_at: deadlineAt.toISOString() };
  }

  /** Counts one play of a question's media; 418 past its `media_replay_count` (0: no limit). */
  async playMedia(studentId: number, assignmentId: number, questionId: number) {
    const assignment = await loadAssignment(this.db, studentId, assignmentId);
    const attempt = await this.writable(assignment);
    const question = await this.db
      .selectFrom('exam_questions')
      .select(['id', 'media_replay_count'])
      .where('exam_id', '=', assignment.exam_id)
      .where('id', '=', questionId)
      .executeTakeFirst();
    if (!question) throw notFound();
    const key = String(questionId);
    const limit = question.media_replay_count;
    // One statement counts the play and checks the limit, so two plays at once cannot both pass.
    const counted = await this.db
      .updateTable('exam_attempts')
      .set({
        media_plays: sql`jsonb_set(media_plays, array[${key}]::text[], to_jsonb(coalesce((media_plays ->> ${key})::int, 0) + 1))`,
        updated_at: this.clock.now(),
      })
      .where('id', '=', attempt.id)
      .where('status', '=', 'in_progress')
      .where((eb) => (limit > 0 ? eb(sql`coalesce((media_plays ->> ${key})::int, 0)`, '<', limit) : eb.val(true)))
      .returning(sql<number>`(media_plays ->> ${key})::int`.as('plays'))
      .executeTakeFirst();
    if (!counted) throw deliveryRefusal.replayLimit();
    const played = Number(counted.plays) - 1;
    return { plays: played + 1, remaining: limit > 0 ? limit - played - 1 : null };
  }

  async submit(studentId: number, assignmentId: number) {
    const assignment = await loadAssignment(this.db, studentId, assignmentId);
    // Past its deadline and grace, the attempt was submitted by the clock, not by the student.
    const latest = await this.settled(assignment);
    if (!latest) throw deliveryRefusal.notStarted();
    if (latest.status !== 'in_progress') return this.view(assignment, latest);
    await finalizeAttempt(this.db, latest.id, this.clock.now(), false);
    return this.view(assignment, (await this.latest(assignment))!);
  }

  /** `hasAnswers: false` for an attempt just created: there is nothing to read back. */
  private async view(assignment: Assignment, attempt: AttemptRow, hasAnswers = true) {
    const questions = orderStudentQuestions(await preparedQuestionsFor(this.db, this.bank, assignment), {
      seed: attempt.seed,
      questions: assignment.shuffle_questions,
      choices: assignment.shuffle_choices,
    });
    const answers = hasAnswers
      ? await this.db.selectFrom('attempt_answers').selectAll().where('attempt_id', '=', attempt.id).execute()
      : [];
    const submitted = attempt.status === 'submitted';
    const keys =
      submitted && (assignment.show_answers || assignment.exam.is_mock)
        ? await this.db
            .selectFrom('exam_questions')
            .select(['id', 'answer_key', 'mark'])
            .where('exam_id', '=', assignment.exam_id)
            .execute()
        : null;
    return presentAttempt({ assignment, attempt, questions, answers, keys, now: this.clock.now() });
  }
}
