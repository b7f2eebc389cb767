import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { SchemaRegistry } from '../../../schemas/index';
import { idParam } from '../../common/ids';
import { AREAS, listPermissions } from '../../common/permission-catalog';
import { hasAnyPermission, permissionFor } from '../../common/permissions';
import { recordValidator } from '../../common/resource-validation';
import { STUDENT_RULES } from '../../common/student-number';
import { auditContext, recordAudit } from '../audit';
import { endUserSessions, schoolScopeOf } from '../auth';
import { AppError } from '../http/app-error';
import { requirePermission } from '../http/route-access';
import { listQueryValidator, ResourceStore, type ListQuery } from '../resources';
import { createStudentAccounts, resetStudentPassword, usernameOf } from './student-accounts';
import { changedColumns } from '../audit';
import {
  ACCOMMODATE,
  accommodationOf,
  NO_ACCOMMODATION,
  sameAccommodation,
  type Accommodation,
} from './accommodations';

const idParams = z.object({ id: idParam() });
const AREA = 'students';

/** Fields only those who manage students read (authors see students, not their identity papers). */
const PERSONAL_FIELDS = ['national_id', 'date_of_birth'] as const;
const MANAGERS = [permissionFor(AREA, 'edit'), ...listPermissions(AREAS.rosters)];

/** Giving or changing a student's extra time takes the accommodation permission (issue 39): 403 on the field. */
function refuseAccommodation(request: FastifyRequest, wanted: Accommodation, was: Accommodation) {
  if (sameAccommodation(wanted, was) || request.auth!.permissions.has(ACCOMMODATE)) return;
  const key = 'roster.errors.accommodation_not_allowed';
  throw new AppError(403, key, undefined, { extra_time_percent: [key] });
}

function personal<T extends Record<string, unknown>>(request: FastifyRequest, student: T): T {
  if (hasAnyPermission(request.auth!.permissions, MANAGERS)) return student;
  const shown: Record<string, unknown> = { ...student };
  for (const field of PERSONAL_FIELDS) delete shown[field];
  return shown as T;
}

/**
 * The students' routes (SPEC section 7 list dialect): the generic store reads and writes the
 * declared record within the caller's schools; a new student gets an account at once, a changed
 * one's account follows (name, username, whether it may sign in), one with attempts is never
 * deleted (418), and a password reset answers the new password once.
 */
export const studentsRoutes: FastifyPluginAsyncZod<{ registry: SchemaRegistry }> = async (app, { registry }) => {
  const definition = registry.get(AREA)!;
  const store = new ResourceStore(app.db, registry, app.config.timeZone);
  const body = recordValidator(definition, STUDENT_RULES);
  const tags = [AREA];
  const scopeOf = (request: FastifyRequest) => schoolScopeOf(app.db, request.auth!);

  app.get(
    '/students',
    {
      config: { access: requirePermission(...listPermissions(AREA)) },
      schema: {
        tags,
        summary:
          "List students of the reader's schools: filter[school_id], filter[school_class_id], filter[grade_id], filter[is_active], search (number or either name)",
        querystring: listQueryValidator(definition),
      },
    },
    async (request) => {
      const page = await store.list(definition, request.query as ListQuery, await scopeOf(request));
      return { ...page, data: page.data.map((student) => personal(request, student)) };
    },
  );

  app.get(
    '/students/:id',
    {
      config: { access: requirePermission(...listPermissions(AREA)) },
      schema: { tags, summary: "Read a student (404 outside the reader's schools)", params: idParams },
    },
    async (request) => ({
      data: personal(request, await store.get(definition, request.params.id, undefined, await scopeOf(request))),
    }),
  );

  app.post(
    '/students',
    {
      config: { access: requirePermission(permissionFor(AREA, 'create')) },
      schema: {
        tags,
        summary:
          "Create a student and their account (username: the student number in lower case; no password until a reset or the class's login cards)",
        body,
      },
    },
    async (request, reply) => {
      refuseAccommodation(request, accommodationOf(request.body as Record<string, unknown>), NO_ACCOMMODATION);
      const created = await store.create(
        definition,
        request.body as Record<string, unknown>,
        {},
        await scopeOf(request),
      );
      try {
        await createStudentAccounts(app.db, [
          {
            id: created.id,
            student_number: String(created.student_number),
            name_en: String(created.name_en),
            is_active: created.is_active !== false,
          },
        ]);
      } catch (error) {
        await app.db.deleteFrom('students').where('id', '=', created.id).execute();
        throw error;
      }
      await recordAudit(app.db, {
        ...auditContext(request),
        action: 'students.create',
        target: `students/${created.id}`,
        schoolId: Number(created.school_id),
        // With the accommodation given at creation, if any.
        summary: { student_number: created.student_number, school_id: created.school_id, ...accommodationOf(created) },
      });
      return reply.status(201).send({ data: created });
    },
  );

  app.put(
    '/students/:id',
    {
      config: { access: requirePermission(permissionFor(AREA, 'edit')) },
      schema: {
        tags,
        summary: 'Update a student (move to another class, deactivate: they can no longer sign in)',
        params: idParams,
        body,
      },
    },
    async (request) => {
      const scope = await scopeOf(request);
      const was = await store.get(definition, request.params.id, undefined, scope);
      refuseAccommodation(request, accommodationOf(request.body as Record<string, unknown>), accommodationOf(was));
      const updated = await store.update(
        definition,
        request.params.id,
        request.body as Record<string, unknown>,
        undefined,
        scope,
      );
      const account = await app.db
        .updateTable('users')
        .set({
          name: String(updated.name_en),
          username: usernameOf(String(updated.student_number)),
          is_active: updated.is_active !== false,
          updated_at: sql`now()`,
        })
        .where('id', '=', sql<number>`(select user_id from students where id = ${updated.id})`)
        .returning(['id', 'is_active'])
        .executeTakeFirst();
      if (account && !account.is_active) await endUserSessions(app.db, account.id);
      await recordAudit(app.db, {
        ...auditContext(request),
        action: 'students.update',
        target: `students/${updated.id}`,
        schoolId: Number(updated.school_id),
        // What changed, before and after (a class change, an accommodation and its reason...), as an
        // import audits each student it changes (issue 39).
        summary: {
          student_number: updated.student_number,
          ...changedColumns(was, updated, Object.keys(definition.fields)),
        },
      });
      return { data: updated };
    },
  );

  app.delete(
    '/students/:id',
    {
      config: { access: requirePermission(permissionFor(AREA, 'delete')) },
      schema: {
        tags,
        summary:
          'Delete a student with no attempt, their unstarted assignments and their account; 418 once they have sat an exam',
        params: idParams,
      },
    },
    async (request) => {
      const student = await store.get(definition, request.params.id, undefined, await scopeOf(request));
      const sat = await app.db
        .selectFrom('student_exams')
        .select('id')
        .where('student_id', '=', student.id)
        .where((eb) =>
          eb.or([
            eb('started_at', 'is not', null),
            eb.exists(
              eb
                .selectFrom('exam_attempts')
                .select('id')
                .whereRef('exam_attempts.student_exam_id', '=', 'student_exams.id'),
            ),
          ]),
        )
        .executeTakeFirst();
      if (sat) throw new AppError(418, 'errors.student_has_attempts');
      await app.db.transaction().execute(async (trx) => {
        const { user_id } = await trx
          .selectFrom('students')
          .select('user_id')
          .where('id', '=', student.id)
          .executeTakeFirstOrThrow();
        await trx.deleteFrom('student_exams').where('student_id', '=', student.id).execute();
        await trx.deleteFrom('students').where('id', '=', student.id).execute();
        if (user_id !== null) await trx.deleteFrom('users').where('id', '=', user_id).execute();
        await recordAudit(trx, {
          ...auditContext(request),
          action: 'students.delete',
          target: `students/${student.id}`,
          schoolId: Number(student.school_id),
          summary: { student_number: student.student_number, school_id: student.school_id },
        });
      });
      return { data: student };
    },
  );

  app.post(
    '/students/:id/reset-password',
    {
      config: { access: requirePermission(permissionFor(AREA, 'edit'), permissionFor(AREAS.rosters, 'edit')) },
      schema: {
        tags,
        summary:
          'Give a student a new password, answered once as {data: {username, password}} and stored only as its scrypt hash; their sessions end',
        params: idParams,
      },
    },
    async (request) => {
      const student = await store.get(definition, request.params.id, undefined, await scopeOf(request));
      const issued = await resetStudentPassword(app.db, student.id);
      await recordAudit(app.db, {
        ...auditContext(request),
        action: 'students.reset_password',
        target: `students/${student.id}`,
        schoolId: Number(student.school_id),
        summary: { username: issued.username },
      });
      return { data: issued };
    },
  );
};
