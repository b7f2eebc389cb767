import { sql } from 'kysely';
import {
  attemptResult,
  itemOutcome,
  sheetResult,
  type MarkingItem,
  type SheetMark,
} from '../../common/correction/index';
import type { CorrectionItem, CorrectionView } from '../../common/contracts/index';
import { countWords } from '../../common/questions/index';
import type { Db } from '../db/database';
import { loadLocalization, orderStudentQuestions, prepareStudentQuestions } from '../exams';
import type { QuestionsStore } from '../questions';
import {
  loadScoringInput,
  loadSheets,
  markerPlace,
  rulesOf,
  versionOf,
  type CorrectionTarget,
  type Sheet,
} from './correction-context';
import { correctionStatusEntry, examStatusEntry } from './status-names';
import { recordingPath } from './recordings';
import { correctionStatusId, examStatusId, latestAttempt, readerSheet } from './status-sql';

type Record_ = Record<string, unknown>;
const isRecord = (value: unknown): value is Record_ => typeof value === 'object' && value !== null;

/** The assignment's two statuses as the reader may see them, from the one SQL definition of them. */
async function statusesOf(db: Db, assignmentId: number, readerId: number, now: Date) {
  const { rows } = await sql<{ exam_status_id: number; correction_status_id: number | null }>`
    select ${examStatusId(now)} as exam_status_id, ${correctionStatusId} as correction_status_id
    from student_exams se join exams e on e.id = se.exam_id
    left join lateral ${latestAttempt} la on true
    left join lateral ${readerSheet(readerId)} rs on true
    where se.id = ${assignmentId}`.execute(db);
  return { exam: Number(rows[0].exam_status_id), correction: rows[0].correction_status_id };
}

/**
 * What needs marking in an answer: an essay's word count, a recording's length and the address a
 * marker plays it at (`recordingUrl`, which under anonymous marking names the code, not the file).
 */
function evidence(kind: string, answer: unknown, recordingUrl: () => string) {
  if (kind === 'essay' && isRecord(answer) && typeof answer.text === 'string')
    return { word_count: countWords(answer.text), recording: null };
  if (kind === 'audio_response' && isRecord(answer) && typeof answer.media === 'string')
    return {
      word_count: null,
      recording: { url: recordingUrl(), duration_seconds: Number(answer.duration_seconds) || 0 },
    };
  return { word_count: null, recording: null };
}

/** An answer without the stored names of its recordings (a paragraph's children included). */
function withoutMedia(answer: unknown): unknown {
  if (Array.isArray(answer)) return answer.map(withoutMedia);
  if (!isRecord(answer)) return answer;
  return Object.fromEntries(
    Object.entries(answer)
      .filter(([key]) => key !== 'media')
      .map(([key, value]) => [key, withoutMedia(value)]),
  );
}

const partAnswer = (answer: unknown, part: string) =>
  part === '' ? answer : isRecord(answer) && isRecord(answer.children) ? answer.children[part] : undefined;

const childText = (key: unknown, part: string): string | null => {
  if (part === '' || !isRecord(key) || !Array.isArray(key.children)) return null;
  const child = key.children.find((c: unknown) => isRecord(c) && c.id === part);
  return isRecord(child) && typeof child.text === 'string' ? child.text : null;
};

const shown = (mark: SheetMark) => ({ mark: mark.mark, comment: mark.comment, reason: mark.reason });

/**
 * A student's attempt for a marker: every question in the order the student had it, with the
 * localized texts they read, their answer, the right answer, the automatic score and what needs
 * marking. A blind marker (double marking) sees their own marks alone, and the status and result
 * their own sheet gives. Anonymous marking shows the code and nothing that follows the person: no
 * id of the student, assignment or attempt, no name, school, class or recording's file name.
 */
export async function presentCorrection(
  db: Db,
  bank: QuestionsStore,
  target: CorrectionTarget,
  userId: number,
  now: Date,
  language: 'en' | 'ar',
): Promise<CorrectionView> {
  const { exam, assignment, student, attempt } = target;
  const statuses = await statusesOf(db, assignment.id, userId, now);
  const anonymous = exam.anonymous_marking;
  const handle = anonymous ? assignment.code : student.id;
  const base = {
    exam: {
      id: exam.id,
      name_en: exam.name_en,
      name_ar: exam.name_ar,
      max_mark: exam.max_mark,
      pass_mark: exam.pass_mark,
      double_marking: exam.double_marking,
      double_marking_threshold: exam.double_marking_threshold,
      anonymous_marking: anonymous,
    },
    student: anonymous
      ? { id: null, name: assignment.code, code: assignment.code, school: null, school_class: null }
      : {
          id: student.id,
          // In the reader's script: the Arabic name for an Arabic reader while the school has sent one.
          name: (language === 'ar' && student.name_ar) || student.name_en,
          code: null,
          school: student.school,
          school_class: student.school_class,
        },
    assignment_id: anonymous ? null : assignment.id,
    exam_status: examStatusEntry(statuses.exam),
    student_status: correctionStatusEntry(statuses.correction),
    localization: assignment.exam_localization_id
      ? { id: assignment.exam_localization_id, name: assignment.localization_name ?? '' }
      : null,
  };
  if (!attempt || attempt.status !== 'submitted')
    return {
      ...base,
      attempt: null,
      result: null,
      marker: { role: 'observer', slot: null, version: 0, can_save: false },
      questions: [],
    };

  const input = await loadScoringInput(db, exam.id, attempt.id);
  const { sheets, marks } = await loadSheets(db, attempt.id);
  const rules = rulesOf(exam);
  const allItems = [...input.items.values()].flat();
  const real = attemptResult(allItems, marks, rules, exam);
  const place = markerPlace(exam.double_marking, sheets, userId, real.needs_deciding);
  const blind = place.role === 'first' || place.role === 'second';
  // What a blind marker reads is computed from their own sheet alone.
  const result = blind ? sheetResult(allItems, marks, place.slot!, exam) : real;
  const markerName = (slot: number) => sheets.find((s: Sheet) => s.slot === slot)?.marker_name ?? null;

  const localization =
    assignment.exam_localization_id === null
      ? null
      : await loadLocalization(db, exam.id, assignment.exam_localization_id);
  const prepared = await prepareStudentQuestions(db, bank, exam.id, localization);
  const keys = new Map(prepared.map((p) => [p.id, p.question.answer_key]));
  const ordered = orderStudentQuestions(prepared, {
    seed: attempt.seed,
    questions: assignment.shuffle_questions,
    choices: assignment.shuffle_choices,
  });
  const stored = new Map(input.questions.map((q) => [q.id, q]));

  const presentItem = (item: MarkingItem, answer: unknown, key: unknown): CorrectionItem => {
    const own = marks.filter((m) => m.question_id === item.question_id && m.part === item.part);
    // A blind marker's outcome counts their own sheet only: another's override would tell its mark.
    const outcome = itemOutcome(item, blind ? own.filter((m) => m.slot === place.slot) : own, rules);
    const mine = place.slot === null ? undefined : own.find((m) => m.slot === place.slot);
    const hideOthers = blind || place.role === 'single';
    return {
      part: item.part,
      kind: item.kind,
      text: childText(key, item.part),
      max: item.max,
      manual: item.manual,
      auto_score: item.auto,
      ...evidence(item.kind, partAnswer(answer, item.part), () =>
        recordingPath(exam.id, handle, item.question_id, item.part),
      ),
      mine: mine ? shown(mine) : null,
      others: hideOthers
        ? []
        : own
            .filter((m) => m.slot !== place.slot)
            .map((m) => ({ ...shown(m), slot: m.slot, marker: markerName(m.slot) })),
      final: blind && item.manual ? null : outcome.final,
      needs_deciding: !blind && outcome.needs_deciding,
      disputed: !blind && outcome.disputed,
    };
  };

  const questions = ordered.map((q, index) => {
    const scored = stored.get(q.id)!;
    const items = input.items.get(q.id) ?? [];
    const answer = input.answers.get(q.id) ?? null;
    return {
      ...q,
      number: index + 1,
      skill_id: scored.skill_id,
      answer: withoutMedia(answer),
      correct_answer: keys.get(q.id) ?? null,
      auto_score: items.reduce((sum, i) => sum + i.auto, 0),
      max: items.reduce((sum, i) => sum + i.max, 0),
      items: items.map((item) => presentItem(item, answer, keys.get(q.id))),
    };
  });
  return {
    ...base,
    // Under anonymous marking the attempt carries nothing another answer shows beside a name: no
    // instant (the monitor and other exams' views show those), no number, no way it ended.
    attempt: anonymous
      ? { id: null, number: null, started_at: null, submitted_at: null, auto_submitted: null }
      : {
          id: attempt.id,
          number: attempt.number,
          started_at: new Date(attempt.started_at).toISOString(),
          submitted_at: attempt.submitted_at ? new Date(attempt.submitted_at).toISOString() : null,
          auto_submitted: attempt.auto_submitted,
        },
    result: {
      basis: blind ? 'own_sheet' : 'final',
      score: result.score,
      max: result.max,
      mark: result.mark,
      passed: result.passed,
      complete: result.complete,
      marking_total: result.marking_total,
      marking_final: result.marking_final,
      needs_deciding: result.needs_deciding,
    },
    marker: {
      role: place.role,
      slot: place.slot,
      version: versionOf(sheets, place.slot),
      can_save: place.slot !== null && !exam.is_mock,
    },
    questions,
  };
}
