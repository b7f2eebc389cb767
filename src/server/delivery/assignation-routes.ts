import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../common/ids';
import { permissionFor } from '../../common/permissions';
import { AREAS } from '../../common/permission-catalog';
import { auditContext } from '../audit';
import { dataOf } from '../http/data-response';
import { requirePermission } from '../http/route-access';
import { assignationSchools, assignationStudents } from './assignation';
import { assignmentBody } from './assignment-body';
import { assignStudents, reassignStudents } from './assignments';
import { installCompiledSerializer } from '../http/response-serializer';
import { assignationSchool, assignationStudent, assignmentOutcome } from '../../common/contracts/index';

const tags = ['assignment'];
const idParams = z.object({ id: idParam() });
const bodyDoc =
  'school_ids and student_ids (at least one of them), start_date_time and end_date_time as "YYYY-MM-DD HH:mm:ss" in APP_TIMEZONE ' +
  "inside the exam's window, show_answers, shuffle_choices, shuffle_questions, exam_localization_id (a published localization " +
  'of this exam, or null), release_results (after_close: the results reach students and school staff once the window has ' +
  'closed; manual: once an author or admin releases them). 418 when the exam is not published.';

/** Assigning an exam to schools and students (SPEC section 7: assign, reassign, assignation). */
export const assignationRoutes: FastifyPluginAsyncZod = async (app) => {
  const canAssign = { access: requirePermission(permissionFor(AREAS.exams, 'assign')) };
  const actor = (request: FastifyRequest) => ({ ...auditContext(request), actorId: request.auth!.user.id });
  installCompiledSerializer(app);

  app.get(
    '/exams/:id/assignation/schools',
    {
      config: canAssign,
      schema: {
        tags,
        summary: 'Schools with students eligible for the exam, with counts',
        params: idParams,
        response: dataOf(z.array(assignationSchool)),
      },
    },
    async (request) => ({ data: await assignationSchools(app.db, request.params.id) }),
  );

  app.get(
    '/exams/:id/assignation/schools/:schoolId/students',
    {
      config: canAssign,
      schema: {
        tags,
        summary: "A school's eligible students with an assigned flag; filter by class, search by name",
        params: z.object({ id: idParam(), schoolId: idParam() }),
        querystring: z.strictObject({
          school_class_id: idParam().optional(),
          search: z.string().max(100).optional(),
        }),
        response: dataOf(z.array(assignationStudent)),
      },
    },
    async (request) => ({
      data: await assignationStudents(app.db, request.params.id, request.params.schoolId, request.query, request.lang),
    }),
  );

  app.post(
    '/exams/:id/assign/students',
    {
      config: canAssign,
      schema: {
        tags,
        summary: 'Assign the exam; students assigned already keep their attempts',
        params: idParams,
        body: assignmentBody.describe(bodyDoc),
        response: dataOf(assignmentOutcome),
      },
    },
    async (request) => ({
      data: await assignStudents(app.db, request.params.id, request.body, app.config.timeZone, actor(request)),
    }),
  );

  app.post(
    '/exams/:id/reassign/students',
    {
      config: canAssign,
      schema: {
        tags,
        summary: 'Reassign: the students start afresh and all their earlier answers for this exam are erased',
        params: idParams,
        body: assignmentBody.describe(bodyDoc),
        response: dataOf(assignmentOutcome),
      },
    },
    async (request) => ({
      data: await reassignStudents(app.db, request.params.id, request.body, app.config.timeZone, actor(request)),
    }),
  );
};
