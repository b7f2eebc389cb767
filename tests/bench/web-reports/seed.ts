/**
 * The web reports benchmark's data, straight into the database with set-based SQL: 1,000 schools
 * with three grades of 23 students each, a four-skill benchmark per grade in three rounds of two
 * academic years (18 exams), every student assigned the six of their grade (414,000 assignments),
 * 97% of them submitted with a corrected result in the reporting table; and, for item analysis, an
 * exam of 40 choice questions with 10,000 corrected attempts (400,000 answers).
 */
import { sql } from 'kysely';
import type { SchemaRegistry } from '../../../schemas/index';
import type { Db } from '../../../src/server/db/database';
import { buildExam } from '../../helpers/exam-factory';
import { buildRecord } from '../../helpers/resource-factory';
import { rowCopy } from '../../helpers/row-copy';

export const SCHOOLS = 1000;
export const GRADES = 3;
export const STUDENTS_PER_GRADE = 23;
export const ROUNDS = 3;
export const YEARS = 2;
export const ANALYSIS_ATTEMPTS = 10_000;
export const ANALYSIS_QUESTIONS = 40;

/** Four options, the first correct. */
const CHOICE_KEY = {
  options: ['o1', 'o2', 'o3', 'o4'].map((id, index) => ({ id, text: `Option ${index + 1}`, correct: index === 0 })),
};

export interface WebReportBenchData {
  platformId: number;
  schoolIds: number[];
  gradeIds: number[];
  roundIds: number[];
  yearIds: number[];
  analysisExamId: number;
  results: number;
}

export async function seedWebReportBench(
  db: Db,
  registry: SchemaRegistry,
  /** Only the item analysis' exam and attempts (`BENCH_ONLY=analysis`): no assignments of the report exams. */
  analysisOnly = false,
): Promise<WebReportBenchData> {
  const built = await buildExam(db, registry, {
    questions: Array.from({ length: ANALYSIS_QUESTIONS }, (_, i) =>
      i % 4 === 3 ? { kind: 'true_false', key: { correct: true } } : { kind: 'single_choice', key: CHOICE_KEY },
    ),
    exam: { name_en: 'Item analysis benchmark', name_ar: 'قياس تحليل الأسئلة' },
  });
  const { platform } = built.lookups;
  const make = (name: string, overrides: Record<string, unknown> = {}) =>
    buildRecord(db, registry, registry.get(name)!, platform, overrides);
  const skills = [built.lookups.skill.id];
  for (let i = 1; i < 4; i++) skills.push((await make('skills')).id);
  const grades = [built.lookups.grade!.id];
  for (let i = 1; i < GRADES; i++) grades.push((await make('grades')).id);
  const rounds = [built.lookups.round.id];
  for (let i = 1; i < ROUNDS; i++) rounds.push((await make('rounds')).id);
  const years: number[] = [];
  for (let i = 0; i < YEARS; i++) years.push((await make('academic-years')).id);

  // The 18 exams: the base exam's settings, per grade, round and year.
  const columns = rowCopy('exams', built.exam);
  const exams: { id: number; grade: number; round: number; year: number }[] = [];
  for (const grade of grades)
    for (const round of rounds)
      for (const year of years) {
        const row = await db
          .insertInto('exams')
          .values({
            ...columns,
            grade_id: grade,
            round_id: round,
            academic_year_id: year,
            name_en: 'Benchmark',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const skill of skills)
          await db.insertInto('exam_skills').values({ exam_id: row.id, skill_id: skill }).execute();
        exams.push({ id: row.id, grade, round, year });
      }

  await sql`insert into schools (name, name_en, name_ar)
    select 'Bench school ' || g, 'Bench school ' || g, 'مدرسة القياس ' || g from generate_series(1, ${SCHOOLS}) g`.execute(
    db,
  );
  const schoolIds = (
    await db.selectFrom('schools').select('id').where('name', 'like', 'Bench school %').orderBy('id').execute()
  ).map((row) => row.id);
  await sql`insert into school_classes (name, name_en, name_ar, school_id, grade_id)
    select 'Class A', 'Class A', 'الشعبة أ', s.id, g.id from schools s cross join grades g
    where s.name like 'Bench school %' and g.id in (${sql.join(grades)})`.execute(db);
  await sql`insert into students (school_id, school_class_id, grade_id, name, name_en, name_ar, gender, nationality)
    select c.school_id, c.id, c.grade_id, 'Student ' || c.id || '-' || n, 'Student ' || c.id || '-' || n,
      'طالب ' || c.id || '-' || n, case when n % 2 = 0 then 'male' else 'female' end, 'AE'
    from school_classes c join schools s on s.id = c.school_id cross join generate_series(1, ${STUDENTS_PER_GRADE}) n
    where s.name like 'Bench school %'`.execute(db);

  if (!analysisOnly) {
    const examValues = sql.join(exams.map((e) => sql`(${e.id}::int, ${e.grade}::int)`));
    await sql`insert into student_exams (exam_id, student_id, status)
      select x.exam_id, st.id, 'assigned' from (values ${examValues}) as x(exam_id, grade_id)
      join students st on st.grade_id = x.grade_id join schools s on s.id = st.school_id
      where s.name like 'Bench school %'`.execute(db);
    const benchExams = sql.join(exams.map((e) => sql`${e.id}::int`));
    // Every assignment but three in a hundred is submitted.
    await sql`insert into exam_attempts (student_exam_id, number, status, seed, started_at, deadline_at, submitted_at)
      select se.id, 1, case when se.id % 100 < 97 then 'submitted' else 'in_progress' end, 'bench',
        now() - interval '2 hours', now() - interval '1 hour', case when se.id % 100 < 97 then now() - interval '1 hour' end
      from student_exams se where se.exam_id in (${benchExams})`.execute(db);

    // A percent per result (a spread from 10 to 100) and per skill around it.
    const skillJson = sql.join(
      skills.map(
        (skill, i) =>
          sql`${String(skill)}::text, jsonb_build_object('score', least(10, greatest(0, round((base.p / 10 + ${i} - 1.5)::numeric, 1))), 'max', 10)`,
      ),
    );
    await sql`insert into report_results (student_exam_id, attempt_id, exam_id, platform_id, round_id, academic_year_id,
        school_id, school_class_id, grade_id, level_id, student_id, gender, nationality, score, max_score, mark, percent,
        passed, tier, skill_scores, outcome_scores, submitted_at, corrected_at)
      select base.se_id, base.attempt_id, base.exam_id, e.platform_id, e.round_id, e.academic_year_id, st.school_id,
        st.school_class_id, st.grade_id, null, st.id, st.gender, st.nationality, base.p, 100, base.p, base.p, base.p >= 50,
        case when base.p >= 80 then 'above' when base.p >= 50 then 'within' else 'below' end,
        jsonb_build_object(${skillJson}), '{}'::jsonb, now(), now()
      from (
        select se.id as se_id, a.id as attempt_id, se.exam_id, se.student_id,
          round((10 + ((se.student_id * 7919 + se.exam_id * 104729) % 9001) / 100.0)::numeric, 2) as p
        from student_exams se join exam_attempts a on a.student_exam_id = se.id
        where se.exam_id in (${benchExams}) and a.status = 'submitted'
      ) base
      join exams e on e.id = base.exam_id join students st on st.id = base.student_id`.execute(db);
  }
  const results = Number((await sql<{ n: string }>`select count(*) as n from report_results`.execute(db)).rows[0].n);

  // Item analysis: the first 10,000 bench students sit the 40-question exam, corrected.
  const analysisExamId = built.exam.id;
  await sql`insert into student_exams (exam_id, student_id, status)
    select ${analysisExamId}, st.id, 'assigned' from students st join schools s on s.id = st.school_id
    where s.name like 'Bench school %' order by st.id limit ${ANALYSIS_ATTEMPTS}`.execute(db);
  await sql`insert into exam_attempts (student_exam_id, number, status, seed, started_at, deadline_at, submitted_at)
    select se.id, 1, 'submitted', 'bench', now() - interval '2 hours', now() - interval '1 hour', now() - interval '1 hour'
    from student_exams se where se.exam_id = ${analysisExamId}`.execute(db);
  // Right when the student's ability beats the question's difficulty, with some noise.
  await sql`insert into attempt_answers (attempt_id, question_id, answer, seq, score)
    select a.id, q.id,
      case when q.answer_type = 'true_false' then jsonb_build_object('value', right_answer)
        else jsonb_build_object('option_id', case when right_answer then 'o1' else 'o' || (2 + (a.id + q.id) % 3) end) end,
      1, case when right_answer then q.mark else 0 end
    from (
      select a.id, se.student_id from exam_attempts a join student_exams se on se.id = a.student_exam_id
      where se.exam_id = ${analysisExamId}
    ) a
    cross join lateral (
      select q.id, q.answer_type, q.mark,
        ((a.student_id * 31 % 100) + ((a.id * 7 + q.id * 13) % 40) - 20) > (q.position * 2 + 10) as right_answer
      from exam_questions q where q.exam_id = ${analysisExamId}
    ) q`.execute(db);
  // The result, with its item scores and choices kept as the product keeps them (item-cells.ts).
  await sql`update exam_attempts a set result_score = t.total, result_max = t.max, result_mark = t.total,
      result_passed = t.total >= t.max / 2, corrected_at = now(), item_scores = t.item_scores,
      item_choices = t.item_choices
    from (select aa.attempt_id, sum(aa.score) as total,
      (select sum(mark) from exam_questions where exam_id = ${analysisExamId}) as max,
      string_agg(aa.question_id || ':' || aa.score::text, ';') as item_scores,
      string_agg(aa.question_id || ':' || coalesce(aa.answer ->> 'option_id', aa.answer ->> 'value', ''), ';')
        as item_choices
      from attempt_answers aa group by aa.attempt_id) t
    where t.attempt_id = a.id`.execute(db);
  return {
    platformId: platform.id,
    schoolIds,
    gradeIds: grades,
    roundIds: rounds,
    yearIds: years,
    analysisExamId,
    results,
  };
}
