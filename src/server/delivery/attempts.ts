import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import { encodeDefinition, renameAnswerIds, type IdCodec } from '../../common/questions/index';
import type { Clock } from '../clock';
import type { Db, RunPrepared } from '../db/database';
import { notFound } from '../http/app-error';
import { orderStudentQuestions, type PreparedQuestion } from '../exams';
import type { QuestionsStore } from '../questions';
import { latestAttempt, loadAssignment, studentIdOf, type Assignment, type AttemptRow } from './assignment-store';
import { forgetProgress, keepAssignment, keptAssignment } from './adaptive-memory';
import { presentAttempt } from './attempt-view';
import { deliveryRefusal } from './refusals';
import { finalizeAttempt } from './scoring';
import { forgetRunningAttempt, rememberRunningAttempt } from './answer-save';
import { saveAnswerBatch, type AnswersBody } from './answer-batch';
import { answerSaveGroup, type AnswerSaveGroup } from './answer-store';
import type { SaveGroupOptions } from './save-group';
import { answersRelease, resultsReleased } from './result-release';
import type { DeadlineScheduler } from './deadline-jobs';
import { attemptIdCodec } from './opaque-ids';
import { preparedQuestionsFor } from './student-view-cache';
import { extraSecondsOf } from './extra-time';
import { administered, confirmAnswer, type NextBody } from './adaptive-delivery';
import { adaptiveExam } from '../scales';
import { scaledResultOf } from './adaptive-result';
import { beginTest, currentStep, readProgress, type Progress } from './adaptive-progress';

/** More flags than any exam has questions is malformed. */
const MAX_FLAGS = 1000;

/** `PUT .../flags`: the attempt the flags belong to, and every flagged question's id. */
export const flagsBody = z.strictObject({
  attempt_id: z.number().int().positive(),
  flags: z.array(z.number().int().positive()).max(MAX_FLAGS),
});
export type FlagsBody = z.infer<typeof flagsBody>;

/** A student's exam: start, resume, save answers, count media plays, submit. */
export class Attempts {
  private readonly saves: AnswerSaveGroup;

  constructor(
    private readonly db: Db,
    private readonly runPrepared: RunPrepared,
    private readonly bank: QuestionsStore,
    private readonly clock: Clock,
    private readonly graceSeconds: number,
    private readonly deadlines: DeadlineScheduler,
    saveGroup: SaveGroupOptions,
  ) {
    this.saves = answerSaveGroup(db, runPrepared, saveGroup);
  }

  private async latest(assignment: Assignment): Promise<AttemptRow | undefined> {
    return latestAttempt(this.db, this.runPrepared, assignment.id);
  }

  /** The latest attempt, submitted first when it ran past its deadline and grace (one read otherwise). */
  private async settled(assignment: Assignment): Promise<AttemptRow | undefined> {
    const latest = await this.latest(assignment);
    if (latest?.status !== 'in_progress') return latest;
    const now = this.clock.now();
    if (now.getTime() <= new Date(latest.deadline_at).getTime() + this.graceSeconds * 1000) return latest;
    await finalizeAttempt(this.db, latest.id, now, { by: 'clock', graceMs: this.graceSeconds * 1000 });
    return this.latest(assignment);
  }

  /** `userId`: the student's account, told so that the saves of a running attempt skip its lookup. */
  async start(studentId: number, assignmentId: number, userId?: number) {
    const assignment = await loadAssignment(this.db, studentId, assignmentId, this.runPrepared);
    const latest = await this.settled(assignment);
    if (latest?.status === 'in_progress') return this.view(assignment, latest, { userId });
    const now = this.clock.now();
    if (now < assignment.start) throw deliveryRefusal.notOpenYet();
    if (now > assignment.end) throw deliveryRefusal.closed();
    if (latest && !assignment.exam.is_mock) throw deliveryRefusal.alreadySubmitted();
    // Its questions may be changing (and the prepared student view with them): nobody starts it now.
    if (!assignment.published) throw deliveryRefusal.unavailable();
    // The student's extra time lengthens the exam and, so that a late start does not eat it, the window.
    const extraSeconds = extraSecondsOf(assignment.extra_time, assignment.exam.duration_minutes);
    const deadline = new Date(
      Math.min(
        now.getTime() + (assignment.exam.duration_minutes * 60 + extraSeconds) * 1000,
        assignment.end.getTime() + extraSeconds * 1000,
      ),
    );
    // Two tabs starting at once: the partial unique index lets one insert; the other reads it. The
    // assignment is marked started in the same statement, prepared (issue 29: a start rush).
    const seed = randomBytes(8).toString('hex');
    const statement = sql<AttemptRow>`
      with created as (
        insert into exam_attempts (student_exam_id, number, seed, started_at, deadline_at, extra_seconds)
        values (${assignment.id}, ${(latest?.number ?? 0) + 1}, ${seed}, ${now}, ${deadline}, ${extraSeconds})
        on conflict (student_exam_id) where status = 'in_progress' do nothing
        returning *
      ), marked as (
        update student_exams set status = 'in_progress', started_at = coalesce(started_at, ${now}), updated_at = ${now}
        where id = ${assignment.id} and exists (select 1 from created)
      )
      select * from created`.compile(this.db);
    const created = (await this.runPrepared('ltm_start_attempt', statement)).rows[0];
    if (!created) return this.view(assignment, (await this.latest(assignment))!, { userId });
    await this.deadlines.schedule(created.id, new Date(deadline.getTime() + this.graceSeconds * 1000));
    return this.view(assignment, created, { userId, hasAnswers: false });
  }

  async current(studentId: number, assignmentId: number, userId?: number) {
    const assignment = await loadAssignment(this.db, studentId, assignmentId, this.runPrepared);
    const latest = await this.settled(assignment);
    if (!latest) throw deliveryRefusal.notStarted();
    return this.view(assignment, latest, { userId });
  }

  /** The attempt answers may go to: running and within its deadline plus grace (418 otherwise). */
  private async writable(assignment: Assignment): Promise<AttemptRow> {
    const latest = await this.settled(assignment);
    if (!latest) throw deliveryRefusal.notStarted();
    if (latest.status === 'in_progress') return latest;
    throw latest.auto_submitted ? deliveryRefusal.deadlinePassed() : deliveryRefusal.alreadySubmitted();
  }

  private saveContext() {
    return { db: this.db, saves: this.saves, now: this.clock.now(), graceMs: this.graceSeconds * 1000 };
  }

  /** `PUT .../answers`: see `saveAnswerBatch`. */
  saveAnswers(userId: number, assignmentId: number, body: AnswersBody) {
    return saveAnswerBatch(this.saveContext(), userId, assignmentId, body);
  }

  /**
   * `POST .../next` (adaptive exams): the answer to the current question confirmed and saved, and
   * with its acknowledgement the next question as its student sees it, or none once the test ends.
   */
  async next(userId: number, assignmentId: number, body: NextBody) {
    const { saved, progress, target } = await confirmAnswer(this.saveContext(), userId, assignmentId, body);
    // The assignment is the user's (the save checked it): as this process last read it, else read now.
    const assignment =
      keptAssignment(this.db, assignmentId) ??
      (await loadAssignment(
        this.db,
        await studentIdOf(this.db, userId, this.runPrepared),
        assignmentId,
        this.runPrepared,
      ));
    const current = currentStep(progress);
    const prepared = current ? await preparedQuestionsFor(this.db, this.bank, assignment) : [];
    const [question] = this.shownQuestions(assignment, target.seed, administered(prepared, current ? [current] : []), {
      adaptive: true,
    }).questions;
    return {
      ...saved,
      adaptive: {
        ...adaptiveState(progress),
        question: question ? { ...question, position: progress.steps.length } : null,
      },
    };
  }

  /**
   * `PUT .../flags`: the questions the student flagged for review, kept with the running attempt
   * (the whole set each time, so a repeated request changes nothing). Ids of questions outside the
   * exam are dropped; 418 once the attempt is over or when the flags were set in an earlier attempt.
   */
  async saveFlags(studentId: number, assignmentId: number, body: FlagsBody) {
    const assignment = await loadAssignment(this.db, studentId, assignmentId, this.runPrepared);
    const attempt = await this.writable(assignment);
    if (attempt.id !== body.attempt_id) throw deliveryRefusal.attemptReplaced();
    const wanted = [...new Set(body.flags)];
    const inExam =
      wanted.length === 0
        ? []
        : await this.db
            .selectFrom('exam_questions')
            .select('id')
            .where('exam_id', '=', assignment.exam_id)
            .where('id', 'in', wanted)
            .execute();
    const kept = new Set(inExam.map((row) => row.id));
    const flags = wanted.filter((id) => kept.has(id));
    await this.db
      .updateTable('exam_attempts')
      .set({ flags: JSON.stringify(flags), updated_at: this.clock.now() })
      .where('id', '=', attempt.id)
      .where('status', '=', 'in_progress')
      .execute();
    return { flags };
  }

  /** Counts one play of a question's media; 418 past its `media_replay_count` (0: no limit). */
  async playMedia(studentId: number, assignmentId: number, questionId: number) {
    const assignment = await loadAssignment(this.db, studentId, assignmentId, this.runPrepared);
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

  async submit(studentId: number, assignmentId: number, userId?: number) {
    const assignment = await loadAssignment(this.db, studentId, assignmentId, this.runPrepared);
    if (userId !== undefined) forgetRunningAttempt(this.db, userId, assignment.id);
    // Past its deadline and grace, the attempt was submitted by the clock, not by the student.
    const latest = await this.settled(assignment);
    if (!latest) throw deliveryRefusal.notStarted();
    forgetProgress(this.db, latest.id);
    if (latest.status !== 'in_progress') return this.view(assignment, latest);
    await finalizeAttempt(this.db, latest.id, this.clock.now(), { by: 'student' });
    return this.view(assignment, (await this.latest(assignment))!);
  }

  /**
   * The attempt as its student sees it, in the ids of this attempt (see opaque-ids.ts). `userId`: a
   * running attempt is kept for the saves that follow; `hasAnswers: false` for an attempt just
   * created (there is nothing to read back).
   */
  private async view(
    assignment: Assignment,
    attempt: AttemptRow,
    { userId, hasAnswers = true }: { userId?: number; hasAnswers?: boolean } = {},
  ) {
    const progress = assignment.exam.adaptive ? await this.adaptiveProgress(assignment, attempt) : null;
    const all = await preparedQuestionsFor(this.db, this.bank, assignment);
    // An adaptive attempt shows the questions given so far, in the order given.
    const prepared = progress ? administered(all, progress.steps) : all;
    const { questions, codecs, byId } = this.shownQuestions(assignment, attempt.seed, prepared, {
      adaptive: progress !== null,
    });
    const answers = hasAnswers
      ? await this.db.selectFrom('attempt_answers').selectAll().where('attempt_id', '=', attempt.id).execute()
      : [];
    const shown = (questionId: number, answer: unknown) => {
      const question = byId.get(questionId);
      return question
        ? renameAnswerIds(question.answer_type, question.answer_key, answer, codecs.get(questionId)!, 'encode')
        : answer;
    };
    if (userId !== undefined && attempt.status === 'in_progress' && assignment.exam.adaptive)
      keepAssignment(this.db, assignment);
    if (userId !== undefined && attempt.status === 'in_progress')
      rememberRunningAttempt(this.db, userId, assignment.id, {
        examId: assignment.exam_id,
        attemptId: attempt.id,
        seed: attempt.seed,
        deadlineAt: new Date(attempt.deadline_at),
      });
    const now = this.clock.now();
    const released = resultsReleased(assignment, now, this.graceSeconds);
    const release =
      attempt.status === 'submitted' ? await answersRelease(this.db, assignment, now, this.graceSeconds) : 'never';
    const keys =
      release === 'shown'
        ? prepared.map(({ id, question }) => ({
            id,
            answer_key: encodeDefinition(question.answer_type, question.answer_key, codecs.get(id)!),
            mark: question.mark,
          }))
        : null;
    return presentAttempt({
      assignment,
      attempt,
      questions,
      answers,
      shown,
      keys,
      released,
      answersPending: release === 'withheld',
      now,
      adaptive: progress ? adaptiveState(progress) : null,
      scaled:
        progress && attempt.status === 'submitted' && released
          ? await scaledResultOf(this.db, assignment.exam_id, attempt)
          : null,
    });
  }

  /** The questions as this attempt's student sees them: its answer-part ids, its shuffles. */
  private shownQuestions(
    assignment: Assignment,
    seed: string,
    prepared: PreparedQuestion[],
    { adaptive }: { adaptive: boolean },
  ) {
    const codecs = new Map<number, IdCodec>(
      prepared.map((p) => [p.id, attemptIdCodec(seed, p.id, p.question.answer_type, p.question.answer_key)]),
    );
    const byId = new Map(prepared.map((p) => [p.id, p.question]));
    const questions = orderStudentQuestions(prepared, {
      seed,
      // The server orders an adaptive test's questions as it chooses them.
      questions: assignment.shuffle_questions && !adaptive,
      choices: assignment.shuffle_choices,
      ids: (id) => codecs.get(id)!,
    });
    return { questions, codecs, byId };
  }

  /** An adaptive attempt's questions so far; a running one gets its first question if it has none yet. */
  private async adaptiveProgress(assignment: Assignment, attempt: AttemptRow): Promise<Progress> {
    if (attempt.status !== 'in_progress') return readProgress(this.db, attempt.id);
    const exam = await adaptiveExam(this.db, assignment.exam_id);
    if (!exam) throw deliveryRefusal.unavailable();
    return beginTest(this.db, exam, attempt, assignment.student_id);
  }
}

/** Where an adaptive test stands, for its student: questions answered, and whether it has ended. */
function adaptiveState(progress: Progress) {
  const answered = progress.finished ? progress.steps.length : Math.max(0, progress.steps.length - 1);
  return { answered, finished: progress.finished };
}
