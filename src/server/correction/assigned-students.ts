import { sql, type RawBuilder } from 'kysely';
import { studentNameMatches, studentNameSql } from '../db/student-name';
import { z } from 'zod';
import { ASSIGNED_SORT_KEYS, CORRECTION_STATUSES, EXAM_STATUSES } from '../../common/correction/index';
import type { AssignedNeighbours, AssignedStudent } from '../../common/contracts/index';
import type { MarkingHandle } from '../../common/correction/index';
import { formatWallTime } from '../../common/datetime';
import type { Db } from '../db/database';
import { notFound } from '../http/app-error';
import { idListFilter } from '../http/list-filters';
import { listQuerySchema, offsetOf, pageMeta } from '../http/pagination';
import { correctionStatusEntry, examStatusEntry } from './status-names';
import {
  correctionStatusId,
  examStatusId,
  latestAttempt,
  needsDeciding,
  readerSheet,
  resultMark,
  resultPassed,
} from './status-sql';
import { correctionRefusal } from './refusals';

const SORTABLE = ASSIGNED_SORT_KEYS;
type Sort = (typeof SORTABLE)[number];

const idList = (max?: number) => idListFilter(max, 200);

/** The query of the assigned-students list (SPEC section 7), with the deciding-mark filter of double marking. */
export const assignedQuery = listQuerySchema(SORTABLE, { sort: 'id', order: 'desc' }).extend({
  'filter[student.school_id]': idList(),
  'filter[student.school_class_id]': idList(),
  'filter[exam_status_id]': idList(EXAM_STATUSES.length),
  'filter[student_exam_status_id]': idList(CORRECTION_STATUSES.length),
  'filter[needs_deciding]': z.enum(['1', '0', 'true', 'false']).optional(),
});
export type AssignedQuery = z.infer<typeof assignedQuery>;
/** The same order and filters, for the students before and after one. */
export const neighboursQuery = assignedQuery.omit({ page: true, per_page: true });
export type NeighboursQuery = z.infer<typeof neighboursQuery>;

interface ExamMarking {
  id: number;
  anonymous_marking: boolean;
  max_mark: number;
  pass_mark: number;
}

export async function loadExamMarking(db: Db, examId: number): Promise<ExamMarking> {
  const exam = await db
    .selectFrom('exams')
    .select(['id', 'anonymous_marking', 'max_mark', 'pass_mark'])
    .where('id', '=', examId)
    .executeTakeFirst();
  if (!exam) throw notFound();
  return { ...exam, max_mark: Number(exam.max_mark), pass_mark: Number(exam.pass_mark) };
}

/** Who reads the list and when: the attempts a reader marks blind show their own sheet's outcome. */
export interface ListReader {
  now: Date;
  userId: number;
  language: 'en' | 'ar';
}

/**
 * Every assignment of the exam with its statuses and result: the list's rows before filters. Under
 * double marking, an attempt the reader marks blind (first or second sheet) shows the status and
 * total of the reader's own sheet and never a deciding flag: the attempt's own would tell the other
 * marker's marks. Its filters, counts and orders read the same columns.
 */
const rowsOf = (examId: number, reader: ListReader) => sql`(
  select se.id, se.student_id, st.school_id, st.school_class_id, ${studentNameSql(reader.language)} as name,
    st.name_en, st.name_ar, se.marking_code as code,
    se.start_date_time, se.end_date_time,
    sc.name_en as school_name_en, sc.name_ar as school_name_ar,
    cl.name_en as class_name_en, cl.name_ar as class_name_ar,
    ${examStatusId(reader.now)} as exam_status_id,
    ${correctionStatusId} as student_exam_status_id,
    ${resultMark} as total,
    ${resultPassed} as passed,
    ${needsDeciding} as needs_deciding,
    la.id as attempt_id
  from student_exams se
  join exams e on e.id = se.exam_id
  join students st on st.id = se.student_id
  join schools sc on sc.id = st.school_id
  join school_classes cl on cl.id = st.school_class_id
  left join lateral ${latestAttempt} la on true
  left join lateral ${readerSheet(reader.userId)} rs on true
  where se.exam_id = ${examId}
) x`;

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

function whereOf(query: NeighboursQuery, anonymous: boolean): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [sql`true`];
  const schools = query['filter[student.school_id]'];
  const classes = query['filter[student.school_class_id]'];
  if (anonymous && schools) throw correctionRefusal.anonymousFilter('filter[student.school_id]');
  if (anonymous && classes) throw correctionRefusal.anonymousFilter('filter[student.school_class_id]');
  const inList = (column: string, ids: number[] | undefined) => {
    if (ids && ids.length > 0) conditions.push(sql`${sql.ref(column)} in (${sql.join(ids)})`);
  };
  inList('x.school_id', schools);
  inList('x.school_class_id', classes);
  inList('x.exam_status_id', query['filter[exam_status_id]']);
  inList('x.student_exam_status_id', query['filter[student_exam_status_id]']);
  const deciding = query['filter[needs_deciding]'];
  if (deciding !== undefined) conditions.push(sql`x.needs_deciding = ${deciding === '1' || deciding === 'true'}`);
  if (query.search) {
    const pattern = escapeLike(query.search);
    conditions.push(
      anonymous ? sql`x.code ilike ${pattern}` : sql`(${studentNameMatches(pattern, 'x')} or x.code ilike ${pattern})`,
    );
  }
  return sql.join(conditions, sql` and `);
}

/**
 * The order of the list; ties by id. Under anonymous marking whatever follows the person (the
 * assignment's id, which follows the order students were assigned in, the name, the school, the
 * class and the window) sorts by the random code instead, and ties too.
 */
function orderOf(sort: Sort, order: 'asc' | 'desc', anonymous: boolean, language: 'en' | 'ar'): RawBuilder<unknown> {
  const tie = anonymous ? 'x.code' : 'x.id';
  const columns: Record<Sort, string> = {
    id: tie,
    name: anonymous ? 'x.code' : 'x.name',
    // Schools and classes in the reader's language.
    school: anonymous ? 'x.code' : `x.school_name_${language}`,
    school_class: anonymous ? 'x.code' : `x.class_name_${language}`,
    start_date_time: anonymous ? 'x.code' : 'x.start_date_time',
    end_date_time: anonymous ? 'x.code' : 'x.end_date_time',
    exam_status_id: 'x.exam_status_id',
    student_exam_status_id: 'x.student_exam_status_id',
    total: 'x.total',
  };
  const direction = order === 'asc' ? sql`asc` : sql`desc`;
  const nulls = order === 'asc' ? sql`nulls last` : sql`nulls first`;
  return sql`${sql.ref(columns[sort])} ${direction} ${nulls}, ${sql.ref(tie)} ${direction}`;
}

type Row = {
  id: number;
  student_id: number;
  school_id: number;
  school_class_id: number;
  name: string;
  code: string;
  start_date_time: Date | null;
  end_date_time: Date | null;
  school_name_en: string;
  school_name_ar: string;
  class_name_en: string;
  class_name_ar: string;
  exam_status_id: number;
  student_exam_status_id: number | null;
  total: string | null;
  passed: boolean | null;
  needs_deciding: boolean;
  attempt_id: number | null;
};

/**
 * One row as the list shows it. Anonymous marking shows the code and what the attempt is (its
 * statuses and result), and nothing that follows the person: no id of the student, assignment or
 * attempt, no name, school, class or window.
 */
function present(row: Row, exam: ExamMarking, timeZone: string): AssignedStudent {
  const status = row.student_exam_status_id === null ? null : Number(row.student_exam_status_id);
  const outcome = {
    exam_status_id: Number(row.exam_status_id),
    exam_status: examStatusEntry(Number(row.exam_status_id)),
    student_exam_status_id: status,
    student_status: correctionStatusEntry(status),
    total_mark: exam.max_mark,
    pass_mark: exam.pass_mark,
    total: row.total === null ? null : Number(row.total),
    passed: row.passed,
    needs_deciding: row.needs_deciding,
  };
  if (exam.anonymous_marking)
    return {
      id: row.code,
      student_id: null,
      student: { school_id: null, school_class_id: null },
      name: row.code,
      code: row.code,
      start_date_time: null,
      end_date_time: null,
      school: null,
      school_class: null,
      ...outcome,
      attempt_id: null,
    };
  const wall = (date: Date | null) => (date ? formatWallTime(date, timeZone) : null);
  return {
    id: row.id,
    student_id: row.student_id,
    student: { school_id: row.school_id, school_class_id: row.school_class_id },
    name: row.name,
    code: null,
    start_date_time: wall(row.start_date_time),
    end_date_time: wall(row.end_date_time),
    school: { id: row.school_id, name_en: row.school_name_en, name_ar: row.school_name_ar },
    school_class: { id: row.school_class_id, name_en: row.class_name_en, name_ar: row.class_name_ar },
    ...outcome,
    attempt_id: row.attempt_id,
  };
}

/** `GET /api/exams/{id}/assigned/students`: a page of the exam's assigned students. */
export async function listAssignedStudents(
  db: Db,
  examId: number,
  query: AssignedQuery,
  reader: ListReader,
  timeZone: string,
) {
  const exam = await loadExamMarking(db, examId);
  const where = whereOf(query, exam.anonymous_marking);
  const rows = rowsOf(examId, reader);
  const { rows: counted } = await sql<{ total: string }>`select count(*) as total from ${rows} where ${where}`.execute(
    db,
  );
  const total = Number(counted[0].total);
  const { rows: found } = await sql<Row>`select x.* from ${rows} where ${where}
    order by ${orderOf(query.sort, query.order, exam.anonymous_marking, reader.language)}
    limit ${query.per_page} offset ${offsetOf(query)}`.execute(db);
  return { data: found.map((row) => present(row, exam, timeZone)), meta: pageMeta(query, total) };
}

/**
 * The students before and after one in the list's order and filters: the correction screen's
 * previous and next, by the handle the list addresses them with (their id, or their code when the
 * exam is marked anonymously). The student is kept in the order even when the filters no longer
 * take them (just corrected while the list shows those not corrected), so the way on is never lost.
 */
export async function assignedNeighbours(
  db: Db,
  examId: number,
  handle: MarkingHandle,
  query: NeighboursQuery,
  reader: ListReader,
): Promise<AssignedNeighbours> {
  const exam = await loadExamMarking(db, examId);
  assertHandleFits(exam.anonymous_marking, handle);
  const order = orderOf(query.sort, query.order, exam.anonymous_marking, reader.language);
  const where = whereOf(query, exam.anonymous_marking);
  const key = exam.anonymous_marking ? sql.ref('x.code') : sql.ref('x.student_id');
  const { rows } = await sql<{
    previous: number | string | null;
    next: number | string | null;
    position: string;
    total: string;
  }>`
    select y.previous, y.next, y.position, y.total from (
      select ${key} as handle, lag(${key}) over (order by ${order}) as previous,
        lead(${key}) over (order by ${order}) as next,
        row_number() over (order by ${order}) as position,
        count(*) filter (where ${where}) over () as total
      from ${rowsOf(examId, reader)} where (${where}) or ${key} = ${handle}
    ) y where y.handle = ${handle}`.execute(db);
  const found = rows[0];
  if (!found) throw notFound();
  return { previous: found.previous, next: found.next, position: Number(found.position), total: Number(found.total) };
}

/** A handle of the wrong kind for the exam (an id when it is marked anonymously, a code when not) names nothing. */
export function assertHandleFits(anonymous: boolean, handle: MarkingHandle): void {
  if (anonymous !== (typeof handle === 'string')) throw notFound();
}
