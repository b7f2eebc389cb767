import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SchemaRegistry } from '../../../schemas/index';
import { idParam } from '../../common/ids';
import { hasAnyPermission, permissionFor } from '../../common/permissions';
import { AREAS, listPermissions } from '../../common/permission-catalog';
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
import { correctionAudit } from './correction-audit';
import { loadCorrectionTarget } from './correction-context';
import { correctionBody, saveCorrections } from './correction-save';
import { presentCorrection } from './correction-view';

const tags = ['correction'];
const examParams = z.object({ id: idParam() });
const studentParams = z.object({ id: idParam(), studentId: idParam() });

/**
 * Correction (SPEC sections 2, 3, 4 and 7): the exam's assigned students with their statuses, a
 * student's answers for marking, saving marks, and the audit log of a student's marks.
 */
export const correctionRoutes: FastifyPluginAsyncZod<{ registry: SchemaRegistry }> = async (app, { registry }) => {
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

  app.get(
    '/exams/:id/assigned/students',
    {
      config: canList,
      schema: {
        tags,
        summary:
          'Assigned students with exam and correction statuses; filter[student.school_id|student.school_class_id|exam_status_id|student_exam_status_id] as comma lists, filter[needs_deciding]=1',
        params: examParams,
        querystring: assignedQuery,
      },
    },
    async (request) =>
      listAssignedStudents(app.db, request.params.id, request.query, readerOf(request), app.config.timeZone),
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
    async (request) => ({ data: await assignedFilters(app.db, request.params.id) }),
  );

  app.get(
    '/exams/:id/assigned/students/:studentId/neighbours',
    {
      config: canList,
      schema: {
        tags,
        summary: "The students before and after one, in the list's order and filters (same query as the list)",
        params: studentParams,
        querystring: neighboursQuery,
      },
    },
    async (request) => ({
      data: await assignedNeighbours(
        app.db,
        request.params.id,
        request.params.studentId,
        request.query,
        readerOf(request),
      ),
    }),
  );

  app.get(
    '/exams/:id/students/:studentId/correction',
    {
      config: canRead,
      schema: {
        tags,
        summary: "A student's attempt for marking: questions, answers, right answers, automatic scores, marks",
        params: studentParams,
      },
    },
    async (request) => {
      const target = await loadCorrectionTarget(app.db, request.params.id, request.params.studentId);
      return { data: await presentCorrection(app.db, bank, target, request.auth!.user.id, app.clock.now()) };
    },
  );

  app.post(
    '/exams/submit/correction',
    {
      config: canMark,
      schema: {
        tags,
        summary:
          'Save marks and comments: {exam_id, student_id, version, corrections: [{question_id, part, mark, comment, reason}]}; 409 when another save came first',
        body: correctionBody,
      },
    },
    async (request) => {
      const { exam_id, student_id } = request.body;
      await saveCorrections(app.db, request.body, request.auth!.user, app.clock.now());
      const message = translate(request.lang, 'correction.saved');
      // The answers come back only to those who may read them.
      if (!hasAnyPermission(request.auth!.permissions, listPermissions(AREAS.studentResponses)))
        return { message, data: null };
      const target = await loadCorrectionTarget(app.db, exam_id, student_id);
      return { message, data: await presentCorrection(app.db, bank, target, request.auth!.user.id, app.clock.now()) };
    },
  );

  app.get(
    '/exams/:id/students/:studentId/correction/audit',
    {
      config: canAudit,
      schema: {
        tags,
        summary: "The audit log of the student's marks: who, when, old and new mark, reason",
        params: studentParams,
      },
    },
    async (request) => ({ data: await correctionAudit(app.db, request.params.id, request.params.studentId) }),
  );
};
