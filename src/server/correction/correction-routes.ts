import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SchemaRegistry } from '../../../schemas/index';
import { markingCode } from '../../common/contracts/index';
import type { MarkingHandle } from '../../common/correction/index';
import { idParam } from '../../common/ids';
import { hasAnyPermission, permissionFor } from '../../common/permissions';
import { AREAS, listPermissions } from '../../common/permission-catalog';
import { auditContext } from '../audit';
import { translate } from '../http/i18n';
import { requirePermission } from '../http/route-access';
import { QuestionsStore } from '../questions';
import { assignedFilters } from './assigned-filters';
import {
  assignedNeighbours,
  assignedQuery,
  listAssignedStudents,
  neighboursQuery,
  type ListReader,
} from './assigned-students';
import { readByCode } from './anonymous-markers';
import { correctionAudit } from './correction-audit';
import { loadCorrectionTarget } from './correction-context';
import { correctionBody, handleOfBody, saveCorrections } from './correction-save';
import { presentCorrection } from './correction-view';
import { openedRead } from '../storage';
import { loadRecording } from './recordings';
import { waitingRoutes } from './waiting-routes';
import type { MediaStorage } from '../media';

const tags = ['correction'];
const examParams = z.object({ id: idParam() });
const studentParams = z.object({ id: idParam(), studentId: idParam() });
const codeParams = z.object({ id: idParam(), code: markingCode });
const recordingQuery = z.object({ part: z.string().max(64).optional().default('') });

/**
 * The two ways a correction route names a student's attempt: the spec's `{studentId}`, and under
 * anonymous marking the code (`/anonymous/{code}`). Each route is registered once per way; a
 * handle of the wrong kind for the exam is 404.
 */
const HANDLES = [
  {
    params: studentParams,
    handleOf: (params: { studentId: number }): MarkingHandle => params.studentId,
    student: (path: string) => `/exams/:id/students/:studentId${path}`,
    neighbours: '/exams/:id/assigned/students/:studentId/neighbours',
    by: "the student's id (exams not marked anonymously)",
  },
  {
    params: codeParams,
    handleOf: (params: { code: string }): MarkingHandle => params.code,
    student: (path: string) => `/exams/:id/anonymous/:code${path}`,
    neighbours: '/exams/:id/anonymous/:code/neighbours',
    by: 'the marking code (exams marked anonymously)',
  },
] as const;

/**
 * Correction (SPEC sections 2, 3, 4 and 7): the exam's assigned students with their statuses, a
 * student's answers for marking, saving marks, and the audit log of a student's marks.
 */
export const correctionRoutes: FastifyPluginAsyncZod<{ registry: SchemaRegistry; storage: MediaStorage }> = async (
  app,
  { registry, storage },
) => {
  const bank = new QuestionsStore(app.db, registry, app.config.timeZone);
  const canList = { access: requirePermission(...listPermissions(AREAS.examStudents)) };
  const canRead = { access: requirePermission(...listPermissions(AREAS.studentResponses)) };
  const canMark = {
    access: requirePermission(permissionFor(AREAS.corrections, 'create'), permissionFor(AREAS.corrections, 'edit')),
  };
  const readerOf = (request: FastifyRequest): ListReader => ({
    now: app.clock.now(),
    userId: request.auth!.user.id,
    language: request.lang,
  });
  const canAudit = { access: requirePermission(...listPermissions(AREAS.correctionAudits)) };
  await app.register(waitingRoutes);

  app.get(
    '/exams/:id/assigned/students',
    {
      config: canList,
      schema: {
        tags,
        summary:
          'Assigned students with exam and correction statuses; filter[student.school_id|student.school_class_id|exam_status_id|student_exam_status_id] as comma lists, filter[needs_deciding]=1. Under anonymous marking a row is its code (id, name) with no id, school, class or window',
        params: examParams,
        querystring: assignedQuery,
      },
    },
    async (request) => {
      await readByCode(app.db, request.auth!.user.id, request.params.id, app.clock.now());
      return listAssignedStudents(app.db, request.params.id, request.query, readerOf(request), app.config.timeZone);
    },
  );

  app.get(
    '/exams/:id/assigned/filters',
    {
      config: canList,
      schema: {
        tags,
        summary: "The list's filter choices: schools and classes with their correction status, the two status lookups",
        params: examParams,
      },
    },
    async (request) => {
      await readByCode(app.db, request.auth!.user.id, request.params.id, app.clock.now());
      return { data: await assignedFilters(app.db, request.params.id, request.auth!.user.id) };
    },
  );

  for (const way of HANDLES) {
    const handleOf = way.handleOf as (params: unknown) => MarkingHandle;
    app.get(
      way.neighbours,
      {
        config: canList,
        schema: {
          tags,
          summary: `The students before and after one, in the list's order and filters (same query as the list), by ${way.by}`,
          params: way.params,
          querystring: neighboursQuery,
        },
      },
      async (request) => {
        await readByCode(app.db, request.auth!.user.id, request.params.id, app.clock.now());
        const near = await assignedNeighbours(
          app.db,
          request.params.id,
          handleOf(request.params),
          request.query,
          readerOf(request),
        );
        return { data: near };
      },
    );

    app.get(
      way.student('/correction'),
      {
        config: canRead,
        schema: {
          tags,
          summary: `A student's attempt for marking, by ${way.by}: questions, answers, right answers, automatic scores, marks`,
          params: way.params,
        },
      },
      async (request) => {
        await readByCode(app.db, request.auth!.user.id, request.params.id, app.clock.now());
        const target = await loadCorrectionTarget(app.db, request.params.id, handleOf(request.params));
        return {
          data: await presentCorrection(app.db, bank, target, request.auth!.user.id, app.clock.now(), request.lang),
        };
      },
    );

    app.get(
      way.student('/recordings/:questionId'),
      {
        config: canRead,
        schema: {
          tags,
          summary: `A submitted spoken answer's recording, by ${way.by} and question (part: a paragraph's related question)`,
          params: way.params.extend({ questionId: idParam() }),
          querystring: recordingQuery,
        },
      },
      async (request, reply) => {
        const params = request.params as { id: number; questionId: number };
        await readByCode(app.db, request.auth!.user.id, params.id, app.clock.now());
        const file = await loadRecording(
          app.db,
          storage,
          params.id,
          handleOf(request.params),
          params.questionId,
          request.query.part,
        );
        // Begun before any header is set: a store out of reach is a 503 in our shape, never a 500.
        const content = await openedRead(file.read());
        return reply
          .header('content-type', file.mime)
          .header('content-length', String(file.size))
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', `inline; filename="recording.${file.ext}"`)
          .send(content);
      },
    );

    app.get(
      way.student('/correction/audit'),
      {
        config: canAudit,
        schema: {
          tags,
          summary: `The audit log of the student's marks, by ${way.by}: who, when, old and new mark, reason`,
          params: way.params,
        },
      },
      async (request) => ({
        data: await correctionAudit(app.db, request.params.id, handleOf(request.params)),
      }),
    );
  }

  app.post(
    '/exams/submit/correction',
    {
      config: canMark,
      schema: {
        tags,
        summary:
          'Save marks and comments: {exam_id, student_id (or code under anonymous marking), version, corrections: [{question_id, part, mark, comment, reason}]}; 409 when another save came first',
        body: correctionBody,
      },
    },
    async (request) => {
      await readByCode(app.db, request.auth!.user.id, request.body.exam_id, app.clock.now());
      const handle = handleOfBody(request.body);
      await saveCorrections(app.db, request.body, handle, request.auth!.user, app.clock.now(), auditContext(request));
      const message = translate(request.lang, 'correction.saved');
      // The answers come back only to those who may read them.
      if (!hasAnyPermission(request.auth!.permissions, listPermissions(AREAS.studentResponses)))
        return { message, data: null };
      const target = await loadCorrectionTarget(app.db, request.body.exam_id, handle);
      return {
        message,
        data: await presentCorrection(app.db, bank, target, request.auth!.user.id, app.clock.now(), request.lang),
      };
    },
  );
};
