import type { Db } from '../db/database';
import { perDatabase } from '../db/per-database';
import { loadLocalization, prepareStudentQuestions, type PreparedQuestion } from '../exams';
import type { QuestionsStore } from '../questions';
import type { Assignment } from './assignment-store';

const TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 200;
const preparedByDatabase = perDatabase(() => new Map<string, { at: number; questions: Promise<PreparedQuestion[]> }>());

/**
 * An exam's questions for its students, prepared once per exam, localization and version and kept
 * ten minutes: the start rush of a whole school reads and checks them once, not once per student.
 * A published exam and localization are frozen (418 on edits, and unpublishing is refused once a
 * student started); republishing moves the version, so a changed exam is never served from here.
 * Students starting together wait for the same preparation.
 */
export function preparedQuestionsFor(
  db: Db,
  bank: QuestionsStore,
  assignment: Assignment,
  nowMs = Date.now(),
): Promise<PreparedQuestion[]> {
  const prepared = preparedByDatabase(db);
  const key = `${assignment.exam_id}:${assignment.exam_localization_id ?? '-'}:${assignment.content_version}`;
  const kept = prepared.get(key);
  if (kept && nowMs - kept.at < TTL_MS && nowMs >= kept.at) return kept.questions;
  if (prepared.size >= MAX_ENTRIES) prepared.clear();
  const questions = (async () => {
    const localization =
      assignment.exam_localization_id === null
        ? null
        : await loadLocalization(db, assignment.exam_id, assignment.exam_localization_id);
    return prepareStudentQuestions(db, bank, assignment.exam_id, localization);
  })();
  prepared.set(key, { at: nowMs, questions });
  questions.catch(() => {
    if (prepared.get(key)?.questions === questions) prepared.delete(key);
  });
  return questions;
}
