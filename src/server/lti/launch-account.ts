import type { Db } from '../db/database';
import type { Launch } from './claims';

export type LaunchRefusal = 'unknown_account' | 'disabled' | 'no_exam';

export class LaunchAccountRefused extends Error {
  constructor(readonly reason: LaunchRefusal) {
    super(reason);
  }
}

/**
 * The student a launch signs in: the one the platform's subject is linked to; else, for a learner,
 * the roster record whose student number the platform's roster holds (LIS person sourcedid,
 * compared as the roster keeps numbers unique, without regard to case), then linked. Never by name
 * or e-mail, and never a staff account (a launch opens a student's exam).
 */
export async function studentOf(
  db: Db,
  platformId: number,
  launch: Pick<Launch, 'subject' | 'learner' | 'studentNumber'>,
) {
  const linked = await db
    .selectFrom('lti_identities')
    .innerJoin('students', 'students.user_id', 'lti_identities.user_id')
    .select(['students.id as student_id', 'students.user_id'])
    .where('lti_identities.platform_id', '=', platformId)
    .where('lti_identities.subject', '=', launch.subject)
    .executeTakeFirst();
  if (linked) return linked;
  if (!launch.learner || !launch.studentNumber) return null;
  const number = launch.studentNumber.toLowerCase();
  const student = await db
    .selectFrom('students')
    .select(['students.id as student_id', 'students.user_id'])
    .where((eb) => eb(eb.fn('lower', ['student_number']), '=', number))
    .where('user_id', 'is not', null)
    .executeTakeFirst();
  if (!student?.user_id) return null;
  await db
    .insertInto('lti_identities')
    .values({ platform_id: platformId, subject: launch.subject, user_id: student.user_id })
    .onConflict((oc) => oc.columns(['platform_id', 'subject']).doNothing())
    .execute();
  return student;
}

/** A student's assignment of an exam, the latest when there are several: the one a link's score comes from. */
export const latestAssignment = (db: Db, studentId: number, examId: number) =>
  db
    .selectFrom('student_exams')
    .select('id')
    .where('student_id', '=', studentId)
    .where('exam_id', '=', examId)
    .orderBy('id', 'desc')
    .executeTakeFirst();

/**
 * A resource link launch, resolved: the student's account and their assignment of the exam the
 * link names (its custom parameter `exam_id`, set at the platform), the latest when there are
 * several. The link is kept with its line item, where the score goes back.
 */
export async function launchTarget(db: Db, platformId: number, launch: Launch) {
  const student = await studentOf(db, platformId, launch);
  if (!student?.user_id) throw new LaunchAccountRefused('unknown_account');
  const user = await db
    .selectFrom('users')
    .select('is_active')
    .where('id', '=', student.user_id)
    .executeTakeFirstOrThrow();
  if (!user.is_active) throw new LaunchAccountRefused('disabled');
  if (launch.examId === null || launch.resourceLinkId === null) throw new LaunchAccountRefused('no_exam');
  const assignment = await latestAssignment(db, student.student_id, launch.examId);
  if (!assignment) throw new LaunchAccountRefused('no_exam');
  await db
    .insertInto('lti_links')
    .values({
      platform_id: platformId,
      deployment_id: launch.deploymentId,
      resource_link_id: launch.resourceLinkId,
      exam_id: launch.examId,
      lineitem_url: launch.lineitemUrl,
      memberships_url: launch.membershipsUrl ?? null,
    })
    .onConflict((oc) =>
      oc.columns(['platform_id', 'resource_link_id']).doUpdateSet({
        exam_id: launch.examId!,
        deployment_id: launch.deploymentId,
        lineitem_url: launch.lineitemUrl,
        memberships_url: launch.membershipsUrl ?? null,
        updated_at: new Date(),
      }),
    )
    .execute();
  const link = await db
    .selectFrom('lti_links')
    .select('id')
    .where('platform_id', '=', platformId)
    .where('resource_link_id', '=', launch.resourceLinkId)
    .executeTakeFirstOrThrow();
  // Who launched this link, and the assignment it opened: where its score goes back.
  await db
    .insertInto('lti_link_members')
    .values({ link_id: link.id, subject: launch.subject, student_exam_id: assignment.id })
    .onConflict((oc) => oc.columns(['link_id', 'subject']).doUpdateSet({ student_exam_id: assignment.id }))
    .execute();
  await db
    .updateTable('lti_identities')
    .set({ last_launch_at: new Date() })
    .where('platform_id', '=', platformId)
    .where('subject', '=', launch.subject)
    .execute();
  return { userId: student.user_id, assignmentId: assignment.id };
}
