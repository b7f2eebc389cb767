import { sql, type RawBuilder } from 'kysely';
import {
  CHOICE_TYPES,
  choiceIds,
  itemKey,
  itemOutcome,
  markingItems,
  readCells,
  readScoreCells,
  type MarkedQuestion,
  type MarkerSlot,
  type SheetMark,
} from '../../common/correction/index';
import { round2 } from '../../common/questions/index';
import type { AnalysedItem } from '../../common/statistics/index';
import type { Db } from '../db/database';

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

export interface ExamQuestion extends MarkedQuestion {
  position: number;
  text: string;
}

/**
 * The corrected attempts of an exam (the latest of each assignment, submitted, with its result)
 * whose item scores or choices were not kept with the result (stored before they were), as a
 * subquery: every query of the old way reads the same set.
 */
const unkeptAttemptsOf = (examId: number) => sql`
  select la.id from student_exams se
  join lateral (select a.id, a.status, a.result_mark, a.item_scores, a.item_choices from exam_attempts a
    where a.student_exam_id = se.id order by a.number desc limit 1) la on true
  where se.exam_id = ${examId} and la.status = 'submitted' and la.result_mark is not null
    and (la.item_scores is null or la.item_choices is null)`;

interface KeptAttempt {
  id: number;
  item_scores: string | null;
  item_choices: string | null;
  localization_id: number | null;
  gender: string | null;
  school_id: number | null;
}

/**
 * The corrected attempts with what they kept, as one text of one line per attempt
 * (`id|scores|choices|localization|gender|school`, `~` for nothing kept): one value to read instead
 * of sixty thousand, which an embedded database spends most of its time on. No field can hold `|`
 * or a line break (ids, numbers, option ids, the gender's two words).
 */
async function keptAttempts(db: Db, examId: number): Promise<KeptAttempt[]> {
  const { rows } = await sql<{ lines: string | null }>`
    select string_agg(concat_ws('|', la.id, coalesce(la.item_scores, '~'), coalesce(la.item_choices, '~'),
      coalesce(se.exam_localization_id::text, ''), coalesce(st.gender, ''), coalesce(se.school_id::text, '')),
      E'\n' order by la.id) as lines
    from student_exams se
    join students st on st.id = se.student_id
    join lateral (select a.id, a.status, a.result_mark, a.item_scores, a.item_choices from exam_attempts a
      where a.student_exam_id = se.id order by a.number desc limit 1) la on true
    where se.exam_id = ${examId} and la.status = 'submitted' and la.result_mark is not null`.execute(db);
  const text = rows[0]?.lines;
  if (!text) return [];
  const kept = (value: string) => (value === '~' ? null : value);
  const idOrNull = (value: string) => (value === '' ? null : Number(value));
  return text.split('\n').map((line) => {
    const [id, scores, choices, localization, gender, school] = line.split('|');
    return {
      id: Number(id),
      item_scores: kept(scores),
      item_choices: kept(choices),
      localization_id: idOrNull(localization),
      gender: gender === '' ? null : gender,
      school_id: idOrNull(school),
    };
  });
}

/** What the analysis knows of each corrected attempt besides its scores: the groups compared for DIF. */
export interface AttemptFacts {
  id: number;
  /** The exam's version it was taken in: null for the exam itself, else its localization. */
  localization_id: number | null;
  gender: string | null;
  school_id: number | null;
}

/**
 * Half (0 or 1, by attempt id) of the attempts' answers, one row per attempt: `question:score:choice;...`.
 * The choice is the option chosen, true/false's value, or the JSON list of a multiple choice; ids are
 * [A-Za-z0-9_-], so the separators cannot occur in them.
 */
const answerCells = (attempts: RawBuilder<unknown>, half: number) => (db: Db) =>
  sql<{ attempt_id: number; cells: string }>`
    select aa.attempt_id, string_agg(aa.question_id || ':' || coalesce(aa.score::text, '0') || ':' ||
      coalesce(aa.answer ->> 'option_id', aa.answer ->> 'value', aa.answer ->> 'option_ids', ''), ';') as cells
    from attempt_answers aa where aa.attempt_id in (${attempts}) and aa.attempt_id % 2 = ${half}
    group by aa.attempt_id`.execute(db);

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
 * Every corrected attempt's score on every question, by the same rules as its result, with who
 * took it. One short row per attempt where its item scores were kept with its result; the
 * attempts stored before that are scored from their answers and marks (`scoreUnkept`).
 */
export async function loadItemScores(
  db: Db,
  exam: { id: number; double_marking: boolean; double_marking_threshold: number },
  questions: ExamQuestion[],
) {
  const attemptRows = await keptAttempts(db, exam.id);
  const row = new Map(attemptRows.map((attempt, index) => [attempt.id, index]));
  const column = new Map(questions.map((question, index) => [question.id, index]));
  const scores = attemptRows.map(() => new Array<number>(questions.length).fill(0));
  const choices = new Map<number, (string[] | null)[]>();
  questions.forEach((question, index) => {
    if (choiceOptions(question)) choices.set(index, new Array<string[] | null>(attemptRows.length).fill(null));
  });
  // Choices repeat (a handful of options per question): each distinct cell is read into ids once.
  const choiceColumns = questions.map((_, index) => choices.get(index));
  const idsOf = new Map<string, string[]>();
  const setChoice = (r: number, c: number, cell: string) => {
    const chosen = choiceColumns[c];
    if (!chosen || !cell) return;
    let ids = idsOf.get(cell);
    if (!ids) idsOf.set(cell, (ids = choiceIds(cell)));
    chosen[r] = ids;
  };
  // Question ids to columns by an array (read four hundred thousand times), or by the map when an
  // exam's ids lie too far apart for one.
  const firstId = Math.min(...questions.map((question) => question.id));
  const span = Math.max(0, ...questions.map((question) => question.id - firstId + 1));
  const columnOf = span <= 65_536 ? new Int32Array(span).fill(-1) : null;
  questions.forEach((question, index) => columnOf && (columnOf[question.id - firstId] = index));
  const columnIndex = (question: number) => {
    if (!columnOf) return column.get(question) ?? -1;
    const at = question - firstId;
    return at >= 0 && at < span ? columnOf[at] : -1;
  };
  let unkept = 0;
  attemptRows.forEach((attempt, r) => {
    if (attempt.item_scores === null || attempt.item_choices === null) {
      unkept++;
      return;
    }
    const cellsOf = scores[r];
    readScoreCells(attempt.item_scores, (question, score) => {
      const c = columnIndex(question);
      if (c >= 0) cellsOf[c] = score;
    });
    readCells(attempt.item_choices, (question, value) => {
      const c = columnIndex(question);
      if (c >= 0) setChoice(r, c, value);
    });
  });
  if (unkept > 0) await scoreUnkept(db, exam, questions, { row, column, scores, setChoice });
  const items: AnalysedItem[] = questions.map((question) => {
    const options = choiceOptions(question);
    return {
      id: question.id,
      max: round2(markingItems(question, null).reduce((total, item) => total + item.max, 0)),
      ...(options ? { options: options.map(({ id, correct }) => ({ id, correct })) } : {}),
    };
  });
  const attempts: AttemptFacts[] = attemptRows.map(({ id, localization_id, gender, school_id }) => ({
    id,
    localization_id,
    gender,
    school_id,
  }));
  return { items, scores, choices, attempts };
}

interface ScoreTable {
  row: Map<number, number>;
  column: Map<number, number>;
  scores: number[][];
  setChoice(r: number, c: number, cell: string): void;
}

/**
 * The attempts whose item scores were not kept with their result, scored from their answers: the
 * stored automatic score, or, where a marker marked it (a manual item, an override), each part's
 * final mark. Four queries whatever the number of attempts.
 */
async function scoreUnkept(
  db: Db,
  exam: { id: number; double_marking: boolean; double_marking_threshold: number },
  questions: ExamQuestion[],
  { row, column, scores, setChoice }: ScoreTable,
) {
  const attempts = unkeptAttemptsOf(exam.id);
  const [{ rows: firstHalf }, { rows: secondHalf }, { rows: markedAnswers }, { rows: marks }] = await Promise.all([
    // One row per attempt, `question:score:choice;...`, in two halves that PostgreSQL reads on two connections at once.
    answerCells(attempts, 0)(db),
    answerCells(attempts, 1)(db),
    // The whole answer only where a marker marked it: its parts are scored again with the marks.
    sql<{ attempt_id: number; question_id: number; answer: unknown }>`
      select aa.attempt_id, aa.question_id, aa.answer from attempt_answers aa
      join (select distinct attempt_id, question_id from correction_marks where attempt_id in (${attempts})) m
        on m.attempt_id = aa.attempt_id and m.question_id = aa.question_id`.execute(db),
    sql<{
      attempt_id: number;
      slot: number;
      question_id: number;
      part: string;
      mark: string | null;
      reason: string | null;
      updated_at: Date;
    }>`
      select cm.attempt_id, cm.slot, cm.question_id, cm.part, cm.mark, cm.reason, cm.updated_at
      from correction_marks cm where cm.attempt_id in (${attempts})`.execute(db),
  ]);
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
  const scoreWithMarks = (question: ExamQuestion, answer: unknown, sheet: SheetMark[]) => {
    const byItem = (part: string) => sheet.filter((m) => itemKey(m.question_id, m.part) === itemKey(question.id, part));
    return round2(
      markingItems(question, answer).reduce(
        (total, item) => total + (itemOutcome(item, byItem(item.part), rules).final ?? 0),
        0,
      ),
    );
  };
  for (const { attempt_id, cells } of [...firstHalf, ...secondHalf]) {
    const r = row.get(attempt_id);
    if (r === undefined || !cells) continue;
    readCells(cells, (question, value) => {
      const c = column.get(question);
      if (c === undefined) return;
      const colon = value.indexOf(':');
      scores[r][c] = Number(value.slice(0, colon));
      setChoice(r, c, value.slice(colon + 1));
    });
  }
  // Marked items (a human's marks, an override; an unanswered question's zero among them) by their marks.
  const answerOf = new Map(markedAnswers.map((a) => [`${a.attempt_id}:${a.question_id}`, json<unknown>(a.answer)]));
  for (const [key, sheet] of marksOf) {
    const [attemptId, questionId] = key.split(':').map(Number);
    const r = row.get(attemptId);
    const c = column.get(questionId);
    if (r !== undefined && c !== undefined)
      scores[r][c] = scoreWithMarks(questions[c], answerOf.get(key) ?? null, sheet);
  }
}
