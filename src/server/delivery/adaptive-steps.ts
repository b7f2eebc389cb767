import { sql } from 'kysely';
import type { Db } from '../db/database';
import { SaveGroup, type SaveGroupOptions } from './save-group';

/** A question placed at a position of an attempt, with the ability it was chosen at. */
export interface PlacedStep {
  attemptId: number;
  position: number;
  exam_question_id: number;
  ability: number;
  se: number;
}

/**
 * The next questions of many students in one statement (issue 43): each "answer and next" placed
 * its step by a commit of its own, 312 a second at 3,000 students beside the saves' group
 * statements. As the saves do, the steps that arrive within a short window (or while the previous
 * statement runs) are inserted together; each request learns whether its row went in (another
 * request, a second tab, may have placed the same position first).
 */
const OPTIONS: SaveGroupOptions = { windowMs: 2, maxRequests: 200, maxFlushes: 1 };

function writeSteps(db: Db) {
  return async (group: PlacedStep[]): Promise<boolean[]> => {
    const { rows } = await sql<{ attempt_id: number; position: number }>`
      insert into adaptive_steps (attempt_id, position, exam_question_id, ability, se)
      select * from unnest(${group.map((s) => s.attemptId)}::int[], ${group.map((s) => s.position)}::int[],
        ${group.map((s) => s.exam_question_id)}::int[], ${group.map((s) => s.ability)}::float8[],
        ${group.map((s) => s.se)}::float8[]) as s(attempt_id, position, exam_question_id, ability, se)
      -- The attempts' rows are key-share locked (the foreign key) in id order, as every transaction
      -- that locks several attempts does: no deadlock with a whole school's intervention.
      order by s.attempt_id, s.position
      on conflict do nothing returning attempt_id, position`.execute(db);
    const inserted = new Set(rows.map((row) => `${row.attempt_id}:${row.position}`));
    // Two requests of one group may place the same position (two tabs): the first in the group won.
    return group.map((step) => inserted.delete(`${step.attemptId}:${step.position}`));
  };
}

const groups = new WeakMap<Db, SaveGroup<PlacedStep, boolean>>();

/** Places a step through this database's group: true once committed, false when the position was taken. */
export function placeStepInGroup(db: Db, step: PlacedStep): Promise<boolean> {
  let group = groups.get(db);
  if (!group) groups.set(db, (group = new SaveGroup<PlacedStep, boolean>(writeSteps(db), OPTIONS)));
  return group.store(step);
}
