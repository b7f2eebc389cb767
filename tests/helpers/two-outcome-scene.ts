import type { SchemaRegistry } from '../../schemas/index';
import type { App } from '../../src/server/app';
import type { Db } from '../../src/server/db/database';
import { buildAdaptiveScene } from './adaptive-scene';
import type { ExamSpec } from './exam-factory';
import { buildRecord } from './resource-factory';

/**
 * An adaptive scene (40 questions from −2 to 2 logits) whose harder half is a second learning
 * outcome: a strong student would get that outcome only, unless content rules say otherwise.
 * `hard(ids)`: how many of the questions given are of the hard outcome; `outcomes`: both ids.
 */
export async function buildTwoOutcomeScene(
  app: App,
  db: Db,
  registry: SchemaRegistry,
  author: string,
  options: { exam: ExamSpec['exam']; publish?: boolean },
) {
  let hardOutcome = 0;
  const s = await buildAdaptiveScene(app, db, registry, author, {
    exam: options.exam,
    publish: options.publish ?? true,
    prepare: async (built) => {
      const outcome = await buildRecord(db, registry, registry.get('learning-outcomes')!, built.lookups.platform, {
        skill_id: built.questions[0].skill_id,
      });
      hardOutcome = outcome.id;
      await db
        .updateTable('exam_questions')
        .set({ learning_outcome_id: outcome.id })
        .where(
          'id',
          'in',
          built.questions.slice(20, 40).map((q) => q.id),
        )
        .execute();
    },
  });
  const outcomes = new Map(
    (
      await db
        .selectFrom('exam_questions')
        .select(['id', 'learning_outcome_id'])
        .where('exam_id', '=', s.exam.id)
        .execute()
    ).map((q) => [q.id, q.learning_outcome_id]),
  );
  return {
    s,
    hard: (ids: number[]) => ids.filter((id) => outcomes.get(id) === hardOutcome).length,
    outcomes: { easy: s.questions[0].learning_outcome_id, hard: hardOutcome },
  };
}
