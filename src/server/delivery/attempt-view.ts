import type { StudentQuestionRecord } from '../../common/contracts/index';
import type { Assignment, AttemptRow } from './assignment-store';
import { markedQuestionScores, studentScore } from './student-score';
import type { ScaledResult } from './adaptive-result';

const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
const instant = (value: Date | string) => new Date(value).toISOString();
const iso = (value: Date | string | null) => (value === null ? null : instant(value));
const number = (value: string | number | null) => (value === null ? null : Number(value));

interface AnswerRow {
  question_id: number;
  answer: unknown;
  seq: number;
  score: string | null;
  needs_manual: boolean;
}

interface ViewInput {
  assignment: Assignment;
  attempt: AttemptRow;
  questions: StudentQuestionRecord[];
  answers: AnswerRow[];
  /** A stored answer in the ids this attempt's student sees. */
  shown: (questionId: number, answer: unknown) => unknown;
  /**
   * The keys (in the student's ids), only once submitted and released (see result-release.ts),
   * in the exam's order.
   */
  keys: { id: number; answer_key: unknown; mark: number }[] | null;
  /** Whether the results have reached the student (see result-release.ts). */
  released: boolean;
  /** Submitted with "show answers", and the right answers are not shown yet. */
  answersPending: boolean;
  now: Date;
  /** An adaptive attempt's state (null for a fixed form). */
  adaptive?: { answered: number; finished: boolean } | null;
  /** An adaptive attempt's scaled result, once submitted (see adaptive-result.ts). */
  scaled?: ScaledResult | null;
}

/**
 * An attempt as its student sees it: the questions without keys, their own answers with the
 * sequence numbers the server holds, the clock and the extra time it includes, and after submission
 * the result: the score once the results are released, the right answers and each question's
 * outcome only once they are released too.
 */
export function presentAttempt({
  assignment,
  attempt,
  questions,
  answers,
  shown,
  keys,
  released,
  answersPending,
  now,
  adaptive = null,
  scaled = null,
}: ViewInput) {
  const submitted = attempt.status === 'submitted';
  const byQuestion = new Map(answers.map((a) => [a.question_id, a]));
  // The marked result once every answer is marked, the automatic part until then (issue 41).
  const result = () => {
    const scored = studentScore(attempt, assignment.exam.max_mark);
    const marked = markedQuestionScores(attempt);
    // An adaptive attempt's result is its scaled score: no share of questions that differ by student.
    const visible = released && !adaptive;
    return {
      released,
      score: visible ? scored.score : null,
      max_score: visible ? scored.max_score : null,
      mark: visible ? scored.mark : null,
      max_mark: visible ? scored.max_mark : null,
      passed: visible ? scored.passed : null,
      needs_correction: attempt.needs_correction && !scored.marked,
      answers_pending: answersPending,
      questions:
        keys?.map((key) => {
          const answer = byQuestion.get(key.id);
          return {
            question_id: key.id,
            answer: answer ? shown(key.id, json(answer.answer)) : null,
            correct_answer: key.answer_key,
            score: marked?.get(key.id) ?? (answer ? number(answer.score) : 0),
            max: key.mark,
            needs_manual: !marked && (answer?.needs_manual ?? false),
          };
        }) ?? null,
      ...(adaptive ? { scaled: released ? scaled : null } : {}),
    };
  };
  return {
    id: attempt.id,
    assignment_id: assignment.id,
    number: attempt.number,
    status: attempt.status,
    started_at: instant(attempt.started_at),
    deadline_at: instant(attempt.deadline_at),
    submitted_at: iso(attempt.submitted_at),
    auto_submitted: attempt.auto_submitted,
    /** Closed by a supervisor, not by its student or the clock. */
    forced: attempt.forced_by !== null,
    extra_seconds: attempt.extra_seconds,
    server_time: now.toISOString(),
    exam: {
      id: assignment.exam.id,
      name_en: assignment.exam.name_en,
      name_ar: assignment.exam.name_ar,
      duration_minutes: assignment.exam.duration_minutes,
      is_mock: assignment.exam.is_mock,
      max_mark: assignment.exam.max_mark,
    },
    questions_per_page: assignment.exam.questions_per_page,
    questions,
    answers: Object.fromEntries(
      answers.map((a) => [String(a.question_id), { answer: shown(a.question_id, json(a.answer)), seq: a.seq }]),
    ) as Record<string, { answer: unknown; seq: number }>,
    media_plays: json(attempt.media_plays) as Record<string, number>,
    flags: (json(attempt.flags) as number[] | null) ?? [],
    ...(adaptive ? { adaptive } : {}),
    result: submitted ? result() : null,
  };
}
