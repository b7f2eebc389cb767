import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../common/ids';
import { AREAS, listPermissions } from '../../common/permission-catalog';
import { schoolScopeOf } from '../auth';
import { hasAnyPermission } from '../../common/permissions';
import { requirePermission } from '../http/route-access';
import { schoolHomeQuery, schoolHomes } from './school-home';
import {
  gradesQuery,
  listSchoolGrades,
  listSchoolStudents,
  schoolStatuses,
  schoolStatusQuery,
  studentsQuery,
} from './school-lists';
import { listStudentExams, studentExamsQuery, studentProfile } from './student-exams';

const tags = ['schools'];
const schoolParams = z.object({ id: idParam() });
const gradeParams = z.object({ id: idParam(), gradeId: idParam() });

/**
 * The schools drill-down (SPEC sections 2 and 7): schools with their statuses, then a school's
 * grades, a grade's students and a student's exams, each with breadcrumbs. Everything is limited to
 * the caller's schools (school staff see their own; 404 for another's).
 */
export const schoolsRoutes: FastifyPluginAsyncZod = async (app) => {
  const canView = { access: requirePermission(...listPermissions(AREAS.schools)) };
  const scopeOf = (request: FastifyRequest) => schoolScopeOf(app.db, request.auth!);

  app.get(
    '/schools/status',
    {
      config: canView,
      schema: {
        tags,
        summary:
          "Each school's correction status, reports and report migration, for the caller's schools (filter[id]=1,2 for some)",
        querystring: schoolStatusQuery,
      },
    },
    async (request) => ({ data: await schoolStatuses(app.db, await scopeOf(request), request.query['filter[id]']) }),
  );

  app.get(
    '/schools/home',
    {
      config: canView,
      schema: {
        tags,
        summary:
          "School staff's home (issue 26), for each of the caller's schools (filter[id]=1,2 for some): the exams running now with how many have not started, are in progress or submitted; the exams whose results were released, released of submitted; the latest generated reports (null without reports view)",
        querystring: schoolHomeQuery,
      },
    },
    async (request) => ({
      data: await schoolHomes(
        app.db,
        {
          scope: await scopeOf(request),
          now: app.clock.now(),
          graceSeconds: app.config.delivery.graceSeconds,
          timeZone: app.config.timeZone,
          reports: hasAnyPermission(request.auth!.permissions, listPermissions(AREAS.reports)),
        },
        request.query['filter[id]'],
      ),
    }),
  );

  app.get(
    '/schools/:id/grades',
    {
      config: canView,
      schema: {
        tags,
        summary: "A school's grades with classes, students, correction and report statuses, and breadcrumbs",
        params: schoolParams,
        querystring: gradesQuery,
      },
    },
    async (request) => listSchoolGrades(app.db, await scopeOf(request), request.params.id, request.query, request.lang),
  );

  app.get(
    '/schools/:id/grades/:gradeId/students',
    {
      config: canView,
      schema: {
        tags,
        summary:
          "A school's students of one grade (filter[school_class_id]), with their exams counted, and breadcrumbs",
        params: gradeParams,
        querystring: studentsQuery,
      },
    },
    async (request) =>
      listSchoolStudents(
        app.db,
        await scopeOf(request),
        request.params.id,
        request.params.gradeId,
        request.query,
        request.lang,
      ),
  );

  app.get(
    '/students/:id/exams',
    {
      config: canView,
      schema: {
        tags,
        summary: "A student's exams with exam and correction statuses, results and reports, and breadcrumbs",
        params: schoolParams,
        querystring: studentExamsQuery,
      },
    },
    async (request) =>
      listStudentExams(
        app.db,
        await scopeOf(request),
        request.params.id,
        request.query,
        app.clock.now(),
        app.config.timeZone,
        request.lang,
        app.config.delivery.graceSeconds,
      ),
  );

  app.get(
    '/students/:id/profile',
    {
      config: canView,
      schema: {
        tags,
        summary: 'A student, their classes and every exam with status and results',
        params: schoolParams,
      },
    },
    async (request) => ({
      data: await studentProfile(
        app.db,
        await scopeOf(request),
        request.params.id,
        app.clock.now(),
        app.config.timeZone,
        app.config.delivery.graceSeconds,
        request.lang,
      ),
    }),
  );
};
