import { recordAudits } from '../audit';
import { invalid } from '../http/app-error';
import { loadExamOfDay } from './exam-of-day';
import { examDayRefusal, type SkipReason } from './refusals';
import { answersShownForExam } from '../delivery';
import { lockAssignmentsAndAttempts, resolveTargets, targetKinds, type TargetRow } from './targets';
import type { InterventionBody, InterventionContext } from './intervention-body';
import { applyIntervention, planIntervention, type Planned } from './intervention-steps';

/**
 * `POST /exams/{id}/interventions` (issue 26): extend the time of running attempts, reopen
 * submitted ones (before their results are released, keeping their answers), force-submit running
 * ones, or reset (erase) attempts; for students, a class or a school within the reader's schools.
 * Each applied one is audited with its reason, in the transaction that makes it. What does not
 * apply to a student is said (`skipped`); when it applies to none, 418 says why.
 */
export async function intervene(context: InterventionContext, examId: number, body: InterventionBody) {
  if (targetKinds(body) !== 1) throw invalid({ student_ids: ['exam_day.errors.one_target'] });
  if (body.action === 'extend' && body.minutes === undefined) throw invalid({ minutes: ['validation.required'] });
  const exam = await loadExamOfDay(context.db, examId);
  if (exam.is_mock) throw examDayRefusal.mock();
  const when = { now: context.now, graceSeconds: context.graceSeconds };
  const answersShown = await answersShownForExam(context.db, examId, context.now, context.graceSeconds);
  if (body.preview) {
    const targets = await resolveTargets(context.db, examId, context.scope, body, when);
    return present(body, await planIntervention(context, body, targets, answersShown));
  }
  const planned = await context.db.transaction().execute(async (trx) => {
    // Whom it names, then their attempts and assignments locked, then read again as they stand.
    const named = await resolveTargets(trx, examId, context.scope, body, when);
    await lockAssignmentsAndAttempts(
      trx,
      named.map((target) => target.assignment_id),
    );
    const targets = await resolveTargets(trx, examId, context.scope, body, when);
    const plan = await planIntervention({ ...context, db: trx }, body, targets, answersShown);
    if (plan.applied.length === 0) throw examDayRefusal.nothingApplies(plan.skipped[0]?.reason ?? 'not_started');
    const after = await applyIntervention({ ...context, db: trx }, body, plan.applied);
    await recordAudits(
      trx,
      plan.applied.map((entry) => ({
        ...context.audit,
        action: `exam_day.${body.action}`,
        target: `student_exams/${entry.target.assignment_id}`,
        schoolId: entry.target.school_id,
        reason: body.reason,
        summary: {
          exam_id: examId,
          student_id: entry.target.student_id,
          attempt_id: entry.target.attempt_id,
          ...(body.minutes !== undefined ? { minutes: body.minutes } : {}),
          before: { status: entry.target.status, deadline_at: entry.target.deadline_at?.toISOString() ?? null },
          after: after.get(entry.target.assignment_id) ?? null,
          ...(entry.erases ? { erased: entry.erases } : {}),
        },
      })),
    );
    return plan;
  });
  // The deadline job of a reopened attempt (an extended one puts its own job back when it runs early).
  if (body.action === 'reopen')
    for (const entry of planned.applied)
      await context.deadlines.schedule(
        entry.target.attempt_id!,
        new Date(entry.newDeadline!.getTime() + context.graceSeconds * 1000),
      );
  return present(body, planned);
}

function present(
  body: InterventionBody,
  plan: { applied: Planned[]; skipped: { target: TargetRow; reason: SkipReason }[] },
) {
  const who = (target: TargetRow) => ({
    student_id: target.student_id,
    assignment_id: target.assignment_id,
    name_en: target.name_en,
    name_ar: target.name_ar,
  });
  return {
    action: body.action,
    preview: body.preview,
    applied: plan.applied.map((entry) => ({
      ...who(entry.target),
      deadline_at: entry.newDeadline?.toISOString() ?? null,
      ...(entry.erases ? { erases: entry.erases } : {}),
    })),
    skipped: plan.skipped.map((entry) => ({ ...who(entry.target), reason: entry.reason })),
  };
}
