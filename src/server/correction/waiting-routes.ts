import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasAnyPermission, permissionFor } from '../../common/permissions';
import { AREAS, listPermissions } from '../../common/permission-catalog';
import { requirePermission } from '../http/route-access';
import { markingWaiting, NOTHING_WAITING } from './waiting';

/** A marker's home (issue 26): what waits for their marks. */
export const waitingRoutes: FastifyPluginAsyncZod = async (app) => {
  const canMark = {
    access: requirePermission(permissionFor(AREAS.corrections, 'create'), permissionFor(AREAS.corrections, 'edit')),
  };
  // The way to the work: the exam's list of students, then a student's answers.
  const opens = [listPermissions(AREAS.examStudents), listPermissions(AREAS.studentResponses)];

  app.get(
    '/corrections/waiting',
    {
      config: canMark,
      schema: {
        tags: ['correction'],
        summary:
          "The exams with submitted attempts waiting for the reader's marks, counted by sheet (first, second, deciding) with the oldest submission; counts and exam names only",
      },
    },
    async (request) => {
      const auth = request.auth!;
      if (!opens.every((anyOf) => hasAnyPermission(auth.permissions, anyOf))) return { data: NOTHING_WAITING };
      return { data: await markingWaiting(app.db, auth.user.id) };
    },
  );
};
