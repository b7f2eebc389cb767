import type { Db } from '../db/database';
import type { SchemaIssue } from '../http/app-error';
import type { SaveTarget } from './answer-save';
import { adaptiveExam } from '../scales';
import { currentStep, readProgress } from './adaptive-progress';

/**
 * What an adaptive attempt's save may name: only the question the student is on. A question already
 * answered was scored and the next chosen from it (its answer is closed); one never given is not
 * theirs to answer. Nothing for a fixed-form exam.
 */
export async function adaptiveSaveIssues(db: Db, target: SaveTarget, questionIds: number[]): Promise<SchemaIssue[]> {
  if (!(await adaptiveExam(db, target.examId))) return [];
  const progress = await readProgress(db, target.attemptId);
  const current = currentStep(progress)?.exam_question_id;
  const given = new Set(progress.steps.map((step) => step.exam_question_id));
  return questionIds.flatMap((id) =>
    id === current
      ? []
      : [
          {
            path: ['answers', id],
            message: given.has(id)
              ? 'delivery.errors.adaptive_question_closed'
              : 'delivery.errors.question_not_in_exam',
          },
        ],
  );
}
