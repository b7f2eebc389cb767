import type { StudentQuestionRecord } from '../../common/contracts/index';
import type { Assignment, AttemptRow } from './assignment-store';

const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
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
  /** The keys, only once submitted and when the assignment shows answers (or the exam is a mock). */
  keys: { id: number; answer_key: unknown; mark: string | number }[] | null;
  now: Date;
}

/**
 * An attempt as its student sees it: the questions without keys, their own answers with the
 * sequence numbers the server holds, the clock, and after submission the result (with the right
 * answers only when the assignment allows it).
 */
export function presentAttempt({ assignment, attempt, questions, answers, keys, now }: ViewInput) {
  const submitted = attempt.status === 'submitted';
  const byQuestion = new Map(answers.map((a) => [a.question_id, a]));
  return {
    id: attempt.id,
    assignment_id: assignment.id,
    number: attempt.number,
    status: attempt.status,
    started_at: iso(attempt.started_at),
    deadline_at: iso(attempt.deadline_at),
    submitted_at: iso(attempt.submitted_at),
    auto_submitted: attempt.auto_submitted,
    server_time: now.toISOString(),
    exam: {
      id: assignment.exam.id,
      name_en: assignment.exam.name_en,
      name_ar: assignment.exam.name_ar,
      duration_minutes: assignment.exam.duration_minutes,
      is_mock: assignment.exam.is_mock,
    },
    questions_per_page: assignment.exam.questions_per_page,
    questions,
    answers: Object.fromEntries(
      answers.map((a) => [String(a.question_id), { answer: json(a.answer), seq: a.seq }]),
    ) as Record<string, { answer: unknown; seq: number }>,
    media_plays: json(attempt.media_plays) as Record<string, number>,
    result: submitted
      ? {
          score: number(attempt.score),
          max_score: number(attempt.max_score),
          needs_correction: attempt.needs_correction,
          questions:
            keys?.map((key) => {
              const answer = byQuestion.get(key.id);
              return {
                question_id: key.id,
                answer: answer ? json(answer.answer) : null,
                correct_answer: json(key.answer_key),
                score: answer ? number(answer.score) : 0,
                max: Number(key.mark),
                needs_manual: answer?.needs_manual ?? false,
              };
            }) ?? null,
        }
      : null,
  };
}
