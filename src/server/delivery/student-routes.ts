import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SchemaRegistry } from '../../../schemas/index';
import { idParam } from '../../common/ids';
import { permissionFor } from '../../common/permissions';
import { AREAS } from '../../common/permission-catalog';
import { dataOf } from '../http/data-response';
import { requirePermission } from '../http/route-access';
import { QuestionsStore } from '../questions';
import { studentIdOf } from './assignment-store';
import type { DeadlineScheduler } from './deadline-jobs';
import { answersBody } from './answer-batch';
import { Attempts, flagsBody } from './attempts';
import { listStudentExams } from './student-exams';
import { heartbeat, heartbeatBody } from './heartbeat';
import { workKeyOf } from './work-key';
import { preferencesBody, readPreferences, savePreferences } from './preferences';
import { installCompiledSerializer } from '../http/response-serializer';
import { nextBody } from './adaptive-delivery';
import {
  adaptiveNext,
  answersSaved,
  attemptView,
  heartbeatAnswer,
  mediaPlay,
  playerPreferences,
  studentExam,
} from '../../common/contracts/index';

const tags = ['student'];
/** How long a start keeps its session in this process for the saves that follow (SessionCache.hold). */
const START_SESSION_HOLD_MS = 10 * 60_000;
const idParams = z.object({ id: idParam() });
/** `{data}`: the one envelope of these answers. */

/**
 * The student's exam (our API; the spec shows it only in part): the student's own assignments,
 * start or resume an attempt, save answers in batches, count media plays, submit. Another student's
 * assignment is 404, never 403.
 */
export const studentRoutes: FastifyPluginAsyncZod<{ registry: SchemaRegistry; deadlines: DeadlineScheduler }> = async (
  app,
  { registry, deadlines },
) => {
  const attempts = new Attempts(
    app.db,
    app.runPrepared,
    new QuestionsStore(app.db, registry, app.config.timeZone),
    app.clock,
    app.config.delivery.graceSeconds,
    deadlines,
    app.config.delivery.saveGroup,
  );
  const canView = { access: requirePermission(permissionFor(AREAS.studentExams, 'view')) };
  const canAnswer = { access: requirePermission(permissionFor(AREAS.studentExams, 'edit')) };
  // A request of an exam's attempt: checked for Safe Exam Browser when the exam requires it (seb/seb-guard.ts).
  const inExamAnswer = { ...canAnswer, safeExamBrowser: true };
  const inExamView = { ...canView, safeExamBrowser: true };
  const student = (userId: number) => studentIdOf(app.db, userId, app.runPrepared);
  installCompiledSerializer(app);

  app.get(
    '/student/exams',
    {
      config: canView,
      schema: {
        tags,
        summary:
          "The student's assignments: exam outline, window, status (upcoming, available, in_progress, submitted, expired), time left",
        response: dataOf(z.array(studentExam)),
      },
    },
    async (request) => ({
      data: await listStudentExams(app.db, await student(request.auth!.user.id), app.clock.now(), {
        timeZone: app.config.timeZone,
        graceSeconds: app.config.delivery.graceSeconds,
      }),
    }),
  );

  app.get(
    '/student/work-key',
    {
      config: canAnswer,
      schema: {
        tags,
        summary:
          "The key (AES-GCM, 256 bits, base64) the student's browser seals their unsent answers and recordings with: the same for the account ever after, never cached",
        response: dataOf(z.strictObject({ key: z.string() })),
      },
    },
    async (request, reply) => {
      // A student's own (403 for an account that is no student's, as every route here).
      await student(request.auth!.user.id);
      reply.header('cache-control', 'no-store');
      return { data: { key: await workKeyOf(app.db, request.auth!.user.id) } };
    },
  );

  app.get(
    '/student/preferences',
    {
      config: canView,
      schema: {
        tags,
        summary: "The student's display preferences in the player: text_size, high_contrast",
        response: dataOf(playerPreferences),
      },
    },
    async (request) => ({ data: await readPreferences(app.db, request.auth!.user.id) }),
  );

  app.put(
    '/student/preferences',
    {
      config: canAnswer,
      schema: {
        tags,
        summary: "Keep the student's display preferences (text_size normal, large or larger; high_contrast)",
        body: preferencesBody,
        response: dataOf(playerPreferences),
      },
    },
    async (request) => ({ data: await savePreferences(app.db, request.auth!.user.id, request.body) }),
  );

  app.post(
    '/student/exams/:id/start',
    {
      config: inExamAnswer,
      schema: {
        tags,
        summary: 'Start the attempt, or return the running one (idempotent); 418 outside the window or once submitted',
        params: idParams,
        response: dataOf(attemptView),
      },
    },
    async (request) => {
      const userId = request.auth!.user.id;
      const data = await attempts.start(await student(userId), request.params.id, userId);
      // The saves that follow use the session the start has just read, however long the first waits.
      app.sessionCache.hold(request.auth!.sessionHash, Date.now() + START_SESSION_HOLD_MS);
      return { data };
    },
  );

  app.get(
    '/student/exams/:id/attempt',
    {
      config: inExamView,
      schema: {
        tags,
        summary:
          "The latest attempt with its questions and saved answers (resume); answer-part ids are this attempt's own",
        params: idParams,
        response: dataOf(attemptView),
      },
    },
    async (request) => {
      const userId = request.auth!.user.id;
      return { data: await attempts.current(await student(userId), request.params.id, userId) };
    },
  );

  app.put(
    '/student/exams/:id/answers',
    {
      config: inExamAnswer,
      schema: {
        tags,
        summary:
          'Save a batch of answers; a seq lower than or equal to the stored one changes nothing and is acknowledged. ' +
          '418 after the deadline plus DELIVERY_GRACE_SECONDS or after submission',
        params: idParams,
        body: answersBody,
        response: dataOf(answersSaved),
      },
    },
    async (request) => ({
      data: await attempts.saveAnswers(request.auth!.user.id, request.params.id, request.body),
    }),
  );

  app.post(
    '/student/exams/:id/next',
    {
      config: inExamAnswer,
      schema: {
        tags,
        summary:
          'Adaptive exams: confirm the answer to the current question (saved as any save is: the seq rule, the ' +
          'deadline and grace) and receive the next question chosen from it in the same response, or none once the ' +
          'test has ended. A repeated confirmation changes nothing and answers where the test stands; 418 for a ' +
          'fixed-form exam, 422 for a question the student is not on',
        params: idParams,
        body: nextBody,
        response: dataOf(adaptiveNext),
      },
    },
    async (request) => {
      // The save checks the assignment is this student's (404, 403), as a save of answers does.
      return { data: await attempts.next(request.auth!.user.id, request.params.id, request.body) };
    },
  );

  app.post(
    '/student/exams/:id/heartbeat',
    {
      config: inExamAnswer,
      schema: {
        tags,
        summary:
          "The running player's heartbeat (every few seconds while no save went through): tells the exam-day monitor " +
          'the computer is online and how many answers it keeps unsent; answers the latest attempt as it stands ' +
          '(deadline with extra time, a submission or a reset by a supervisor, a reopening)',
        params: idParams,
        body: heartbeatBody,
        response: dataOf(heartbeatAnswer),
      },
    },
    async (request) => ({
      data: await heartbeat(
        {
          db: app.db,
          runPrepared: app.runPrepared,
          now: app.clock.now(),
          graceMs: app.config.delivery.graceSeconds * 1000,
        },
        request.auth!.user.id,
        request.params.id,
        request.body,
      ),
    }),
  );

  app.post(
    '/student/exams/:id/media/:questionId/play',
    {
      config: inExamAnswer,
      schema: {
        tags,
        summary: "Count one play of a question's media; 418 past its media_replay_count",
        params: z.object({ id: idParam(), questionId: idParam() }),
        response: dataOf(mediaPlay),
      },
    },
    async (request) => ({
      data: await attempts.playMedia(
        await student(request.auth!.user.id),
        request.params.id,
        request.params.questionId,
      ),
    }),
  );

  app.put(
    '/student/exams/:id/flags',
    {
      config: inExamAnswer,
      schema: {
        tags,
        summary:
          'Keep the questions the student flagged for review with the running attempt (the whole set; ids outside ' +
          'the exam are dropped); 418 once the attempt is over',
        params: idParams,
        body: flagsBody,
        response: dataOf(z.strictObject({ flags: z.array(z.number()) })),
      },
    },
    async (request) => ({
      data: await attempts.saveFlags(await student(request.auth!.user.id), request.params.id, request.body),
    }),
  );

  app.post(
    '/student/exams/:id/submit',
    {
      config: inExamAnswer,
      schema: {
        tags,
        summary:
          'Submit the attempt and score it (idempotent). The score comes at once; with show_answers, the right answers ' +
          "and each question's outcome only once the exam has closed for everyone assigned to it (result.answers_pending)",
        params: idParams,
        response: dataOf(attemptView),
      },
    },
    async (request) => {
      const userId = request.auth!.user.id;
      return { data: await attempts.submit(await student(userId), request.params.id, userId) };
    },
  );
};
