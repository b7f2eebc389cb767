import { sql } from 'kysely';
import { markingItems } from '../../common/correction/index';
import type { MarkerAgreementReport } from '../../common/contracts/index';
import {
  intraclassCorrelation,
  markerAgreement,
  markerDrift,
  quadraticKappa,
  roundTo,
  type DoubleMarkedAnswer,
} from '../../common/statistics/index';
import type { Db } from '../db/database';
import type { ExamQuestion } from './item-scores';

const r4 = (value: number | null) => roundTo(value, 4);

interface MarkPair {
  question_id: number;
  part: string;
  first_id: number;
  first_name: string;
  second_id: number;
  second_name: string;
  first: number;
  second: number;
}

/**
 * Every answer part two markers marked blind (the first and the second marker of double marking;
 * overrides of automatic scores, which carry a reason, are not marking), with who marked it.
 */
async function markPairs(db: Db, examId: number): Promise<MarkPair[]> {
  const { rows } = await sql<Omit<MarkPair, 'first' | 'second'> & { first: string; second: string }>`
    select m1.question_id, m1.part, s1.marker_id as first_id, u1.name as first_name,
      s2.marker_id as second_id, u2.name as second_name, m1.mark as first, m2.mark as second
    from correction_marks m1
    join correction_marks m2 on m2.attempt_id = m1.attempt_id and m2.question_id = m1.question_id
      and m2.part = m1.part and m2.slot = 2
    join correction_sheets s1 on s1.attempt_id = m1.attempt_id and s1.slot = 1
    join correction_sheets s2 on s2.attempt_id = m1.attempt_id and s2.slot = 2
    join users u1 on u1.id = s1.marker_id
    join users u2 on u2.id = s2.marker_id
    join exam_attempts a on a.id = m1.attempt_id
    join student_exams se on se.id = a.student_exam_id
    where se.exam_id = ${examId} and m1.slot = 1 and m1.mark is not null and m2.mark is not null
      and m1.reason is null and m2.reason is null`.execute(db);
  return rows.map((row) => ({ ...row, first: Number(row.first), second: Number(row.second) }));
}

/** The scale step of a set of marks: 1 when all are whole, else 0.5 (marks are rounded to it for kappa). */
const stepOf = (marks: number[]) => (marks.every((mark) => Number.isInteger(mark)) ? 1 : 0.5);

/**
 * How the markers of a double-marked exam agree: per question (part), per pair of markers, and
 * the markers whose marks drift from their co-markers'. For the chief marker and authors: it names
 * markers, never students.
 */
export async function examMarkerAgreement(
  db: Db,
  examId: number,
  questions: ExamQuestion[],
): Promise<MarkerAgreementReport> {
  const pairs = await markPairs(db, examId);
  const position = new Map(questions.map((question, index) => [question.id, index + 1]));
  const maxOf = new Map<string, number>();
  // A paragraph's part by its place among the paragraph's parts, never by its internal key ("q3").
  const partNumber = new Map<string, number>();
  for (const question of questions)
    markingItems(question, null)
      .filter((item) => item.part !== '')
      .forEach((item, index) => partNumber.set(`${question.id}:${item.part}`, index + 1));
  for (const question of questions)
    for (const item of markingItems(question, null)) maxOf.set(`${question.id}:${item.part}`, item.max);
  const scaleOf = (group: MarkPair[]) => ({
    max:
      maxOf.get(`${group[0].question_id}:${group[0].part}`) ?? Math.max(...group.flatMap((p) => [p.first, p.second])),
    step: stepOf(group.flatMap((p) => [p.first, p.second])),
  });
  const groupBy = (key: (pair: MarkPair) => string) => {
    const groups = new Map<string, MarkPair[]>();
    for (const pair of pairs) groups.set(key(pair), [...(groups.get(key(pair)) ?? []), pair]);
    return [...groups.values()];
  };
  const byItem = groupBy((p) => `${p.question_id}:${p.part}`);
  const scales = new Map(byItem.map((group) => [`${group[0].question_id}:${group[0].part}`, scaleOf(group)]));
  const scaleFor = (pair: MarkPair) => scales.get(`${pair.question_id}:${pair.part}`)!;

  const questionRows = byItem
    .map((group) => {
      const agreement = markerAgreement(
        group.map((p) => [p.first, p.second] as const),
        scaleFor(group[0]),
      );
      return {
        id: group[0].question_id,
        position: position.get(group[0].question_id) ?? 0,
        part: group[0].part,
        part_number: group[0].part === '' ? null : (partNumber.get(`${group[0].question_id}:${group[0].part}`) ?? null),
        max: scaleFor(group[0]).max,
        n: agreement.n,
        exact: r4(agreement.exact),
        adjacent: r4(agreement.adjacent),
        icc: r4(agreement.icc),
        kappa: r4(agreement.kappa_quadratic),
      };
    })
    .sort(
      (a, b) => a.position - b.position || (a.part_number ?? 0) - (b.part_number ?? 0) || a.part.localeCompare(b.part),
    );

  // A pair's answers may sit on different scales: agreement is counted on each answer's own scale,
  // the ICC, the quadratic-weighted kappa and the mean difference on marks as shares of their maximum.
  const pairRows = groupBy((p) => `${p.first_id}:${p.second_id}`).map((group) => {
    let exact = 0;
    let adjacent = 0;
    let difference = 0;
    for (const pair of group) {
      const { max, step } = scaleFor(pair);
      const gap = Math.round(Math.abs(pair.first - pair.second) / step);
      if (gap === 0) exact++;
      else if (gap === 1) adjacent++;
      difference += max > 0 ? (pair.first - pair.second) / max : 0;
    }
    const share = (pair: MarkPair, mark: number) => (scaleFor(pair).max > 0 ? mark / scaleFor(pair).max : 0);
    const shares = group.map((p) => [share(p, p.first), share(p, p.second)] as const);
    return {
      first: { id: group[0].first_id, name: group[0].first_name },
      second: { id: group[0].second_id, name: group[0].second_name },
      n: group.length,
      exact: r4(exact / group.length),
      adjacent: r4(adjacent / group.length),
      icc: r4(intraclassCorrelation(shares).icc2),
      kappa: r4(quadraticKappa(shares)),
      mean_difference: r4(difference / group.length),
    };
  });

  const names = new Map(
    pairs.flatMap((p) => [
      [String(p.first_id), p.first_name],
      [String(p.second_id), p.second_name],
    ]),
  );
  const answers: DoubleMarkedAnswer[] = pairs.map((pair) => ({
    markers: [String(pair.first_id), String(pair.second_id)],
    marks: [pair.first, pair.second],
    ...scaleFor(pair),
  }));
  const drift = markerDrift(answers)
    .filter((marker) => marker.reasons.length > 0)
    .map((marker) => ({
      marker: { id: Number(marker.marker), name: names.get(marker.marker) ?? '' },
      answers: marker.answers,
      mean_difference: r4(marker.mean_difference_share)!,
      exact_or_adjacent: r4(marker.exact_or_adjacent)!,
      reasons: marker.reasons,
    }));
  return { questions: questionRows, pairs: pairRows, drift };
}
