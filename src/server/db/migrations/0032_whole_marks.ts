import { sql, type Kysely } from 'kysely';

/**
 * One mark a school reads (issue 41): an attempt's mark is its points on the exam's scale rounded
 * to a whole number, half up, and it passes when that whole number reaches the pass mark
 * (`reportedMark`, docs/scoring.md). Marks stored before kept two decimals (36.36): each is worked
 * out again from the points it came from, with its pass, in the attempts, the markers' sheets and
 * the reports' results; the web reports take them at their next refresh.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // `reportedMark` in SQL: multiplied before divided, so an exact half (35 of 60 on 30 is 17.5)
  // is not cut to 17.4999… by numeric division and rounds up as it does in the code.
  const mark = (points: string, total: string) =>
    sql.raw(`(case when ${total} > 0 then round(${points} * e.max_mark / ${total}) else 0 end)`);
  await sql`
    update exam_attempts a
    set result_mark = ${mark('a.result_score', 'a.result_max')},
        result_passed = ${mark('a.result_score', 'a.result_max')} >= e.pass_mark
    from student_exams se join exams e on e.id = se.exam_id
    where se.id = a.student_exam_id and a.result_mark is not null and a.result_max is not null`.execute(db);
  // A sheet's points are out of its attempt's questions' total, which the attempt keeps.
  await sql`
    update correction_sheets cs
    set result_mark = ${mark('cs.result_score', 'a.max_score')},
        result_passed = ${mark('cs.result_score', 'a.max_score')} >= e.pass_mark
    from exam_attempts a join student_exams se on se.id = a.student_exam_id join exams e on e.id = se.exam_id
    where a.id = cs.attempt_id and cs.result_mark is not null and a.max_score is not null`.execute(db);
  await sql`
    update report_results r
    set mark = ${mark('r.score', 'r.max_score')},
        passed = ${mark('r.score', 'r.max_score')} >= e.pass_mark
    from exams e
    where e.id = r.exam_id`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
