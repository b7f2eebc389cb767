import type { Db } from '../db/database';
import { perDatabase } from '../db/per-database';
import type { Assignment } from './assignment-store';
import type { Progress } from './adaptive-progress';

/**
 * What this process knows of running adaptive attempts, so "answer and next" need not read it
 * again (issue 43: one request per question for thousands of students): each attempt's questions so
 * far and the category of each confirmed answer, and the assignments their students hold. Only an
 * optimisation: another server may have moved an attempt on (two tabs behind a balancer), so a
 * request whose question is not the one kept here reads the attempt again before refusing, and a
 * next question placed by another request is read back (adaptive-progress.ts `placeStep`).
 */
export interface KeptProgress extends Progress {
  /** The category of each confirmed answer, by exam question id. */
  categories: Map<number, number>;
}

const MAX_KEPT = 100_000;
const ASSIGNMENT_TTL_MS = 60_000;

const progresses = perDatabase(() => new Map<number, KeptProgress>());
const assignments = perDatabase(() => new Map<number, { at: number; assignment: Assignment }>());

export const keptProgress = (db: Db, attemptId: number): KeptProgress | undefined => progresses(db).get(attemptId);

export function keepProgress(db: Db, attemptId: number, progress: KeptProgress): void {
  const kept = progresses(db);
  if (kept.size >= MAX_KEPT) kept.clear();
  kept.set(attemptId, progress);
}

export function forgetProgress(db: Db, attemptId: number): void {
  progresses(db).delete(attemptId);
}

/** An assignment its student's request has just been checked against (kept a minute). */
export function keptAssignment(db: Db, assignmentId: number, nowMs = Date.now()): Assignment | undefined {
  const kept = assignments(db).get(assignmentId);
  return kept && nowMs - kept.at < ASSIGNMENT_TTL_MS && nowMs >= kept.at ? kept.assignment : undefined;
}

export function keepAssignment(db: Db, assignment: Assignment, nowMs = Date.now()): void {
  const kept = assignments(db);
  if (kept.size >= MAX_KEPT) kept.clear();
  kept.set(assignment.id, { at: nowMs, assignment });
}
