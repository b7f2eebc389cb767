import { sql } from 'kysely';
import { itemKey, itemOutcome, markingItems, type MarkedQuestion, type SheetMark } from '../../common/correction/index';
import { round2 } from '../../common/questions/index';
import type { AnalysedItem } from '../../common/statistics/index';
import type { Db } from '../db/database';
import type { MarkerSlot } from '../../common/correction/index';

const CHOICE_TYPES = ['single_choice', 'multiple_choice', 'true_false'];
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

export interface ExamQuestion extends MarkedQuestion {
  position: number;
  text: string;
}

/**
 * The corrected attempts of an exam (the latest of each assignment, submitted, with its result),
 * as a CTE: every query below reads the same set.
 */
const attemptsOf = (examId: number) => sql`
  select la.id from student_exams se
  join lateral (select a.id, a.status, a.result_mark from exam_attempts a where a.student_exam_id = se.id
    order by a.number desc limit 1) la on true
  where se.exam_id = ${examId} and la.status = 'submitted' and la.result_mark is not null`;

/** The options a choice answer chose (true/false: "true" or "false"); null when unanswered. */
export function chosenOptions(answerType: string, answer: unknown): string[] | null {
  if (answer === null || answer === undefined || typeof answer !== 'object') return null;
  const value = answer as { option_id?: unknown; option_ids?: unknown; value?: unknown };
  if (answerType === 'single_choice') return typeof value.option_id === 'string' ? [value.option_id] : null;
  if (answerType === 'multiple_choice')
    return Array.isArray(value.option_ids)
      ? value.option_ids.filter((id): id is string => typeof id === 'string')
      : null;
  if (answerType === 'true_false') return typeof value.value === 'boolean' ? [String(value.value)] : null;
  return null;
}

/** The options of a choice question, in order, with the correct ones. */
export function choiceOptions(question: ExamQuestion): { id: string; text: string; correct: boolean }[] | null {
  if (question.answer_type === 'true_false') {
    const correct = (question.answer_key as { correct?: boolean } | null)?.correct;
    return [true, false].map((value) => ({ id: String(value), text: String(value), correct: correct === value }));
  }
  if (!CHOICE_TYPES.includes(question.answer_type)) return null;
  const options = (question.answer_key as { options?: { id: string; text: string; correct: boolean }[] } | null)
    ?.options;
  return (options ?? []).map((option) => ({ id: option.id, text: option.text, correct: Boolean(option.correct) }));
}

/**
 * Every corrected attempt's score on every question, by the same rules as its result: the stored
 * automatic score, or, where a marker marked it (a manual item, an override), each part's final
 * mark. Four queries whatever the number of attempts.
 */
export async function loadItemScores(
  db: Db,
  exam: { id: number; double_marking: boolean; double_marking_threshold: number },
  questions: ExamQuestion[],
) {
  const attempts = attemptsOf(exam.id);
  const { rows: attemptRows } = await sql<{ id: number }>`${attempts} order by la.id`.execute(db);
  const { rows: answers } = await sql<{
    attempt_id: number;
    question_id: number;
    score: string | null;
    answer: unknown;
  }>`
    select aa.attempt_id, aa.question_id, aa.score,
      case when q.answer_type in (${sql.join(CHOICE_TYPES)}) or exists (select 1 from correction_marks cm
        where cm.attempt_id = aa.attempt_id and cm.question_id = aa.question_id) then aa.answer end as answer
    from attempt_answers aa join exam_questions q on q.id = aa.question_id
    where aa.attempt_id in (${attempts}) and q.exam_id = ${exam.id}`.execute(db);
  const { rows: marks } = await sql<{
    attempt_id: number;
    slot: number;
    question_id: number;
    part: string;
    mark: string | null;
    reason: string | null;
    updated_at: Date;
  }>`
    select cm.attempt_id, cm.slot, cm.question_id, cm.part, cm.mark, cm.reason, cm.updated_at
    from correction_marks cm where cm.attempt_id in (${attempts})`.execute(db);

  const row = new Map(attemptRows.map((attempt, index) => [attempt.id, index]));
  const column = new Map(questions.map((question, index) => [question.id, index]));
  const scores = attemptRows.map(() => questions.map(() => 0));
  const choices = new Map<number, (string[] | null)[]>();
  questions.forEach((question, index) => {
    if (choiceOptions(question))
      choices.set(
        index,
        attemptRows.map(() => null),
      );
  });
  const marksOf = new Map<string, SheetMark[]>();
  for (const mark of marks) {
    const key = `${mark.attempt_id}:${mark.question_id}`;
    const entry: SheetMark = {
      slot: mark.slot as MarkerSlot,
      question_id: mark.question_id,
      part: mark.part,
      mark: mark.mark === null ? null : Number(mark.mark),
      comment: null,
      reason: mark.reason,
      at: new Date(mark.updated_at).getTime(),
    };
    marksOf.set(key, [...(marksOf.get(key) ?? []), entry]);
  }
  const rules = { double: exam.double_marking, thresholdPercent: exam.double_marking_threshold };
  const scored = new Set<string>();
  const scoreWithMarks = (question: ExamQuestion, answer: unknown, sheet: SheetMark[]) => {
    const byItem = (part: string) => sheet.filter((m) => itemKey(m.question_id, m.part) === itemKey(question.id, part));
    return round2(
      markingItems(question, answer).reduce(
        (total, item) => total + (itemOutcome(item, byItem(item.part), rules).final ?? 0),
        0,
      ),
    );
  };
  for (const answer of answers) {
    const r = row.get(answer.attempt_id);
    const c = column.get(answer.question_id);
    if (r === undefined || c === undefined) continue;
    const question = questions[c];
    const value = json<unknown>(answer.answer);
    const key = `${answer.attempt_id}:${answer.question_id}`;
    const sheet = marksOf.get(key);
    scores[r][c] = sheet ? scoreWithMarks(question, value, sheet) : Number(answer.score ?? 0);
    scored.add(key);
    choices.get(c)?.splice(r, 1, chosenOptions(question.answer_type, value));
  }
  // A marker may override an unanswered question's zero.
  for (const [key, sheet] of marksOf) {
    if (scored.has(key)) continue;
    const [attemptId, questionId] = key.split(':').map(Number);
    const r = row.get(attemptId);
    const c = column.get(questionId);
    if (r !== undefined && c !== undefined) scores[r][c] = scoreWithMarks(questions[c], null, sheet);
  }
  const items: AnalysedItem[] = questions.map((question) => {
    const options = choiceOptions(question);
    return {
      id: question.id,
      max: round2(markingItems(question, null).reduce((total, item) => total + item.max, 0)),
      ...(options ? { options: options.map(({ id, correct }) => ({ id, correct })) } : {}),
    };
  });
  return { items, scores, choices };
}
