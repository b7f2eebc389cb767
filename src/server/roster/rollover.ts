import { sql } from 'kysely';
import { schoolScopeCondition, type SchoolScope } from '../auth';
import type { Db } from '../db/database';
import { AppError } from '../http/app-error';

/** A school rolled over this recently is not rolled over again without `again` (a double click, a second tab). */
const RECENT_DAYS = 30;

interface Grade {
  id: number;
  platform_id: number;
  name_en: string;
  name_ar: string;
}

interface ClassRow {
  id: number;
  school_id: number;
  grade_id: number;
  name_en: string;
  name_ar: string;
}

/** One class's move at the year's end: its students go to `target` (a class of the next grade), or leave. */
export interface ClassMove {
  class_id: number;
  school_id: number;
  name_en: string;
  name_ar: string;
  grade_id: number;
  students: number;
  /** The next grade, or null: the last grade's students leave (deactivated, their history kept). */
  next_grade_id: number | null;
  /** The class they join: an existing one (`class_id`) or one the rollover makes. */
  target: { class_id: number | null; name_en: string; name_ar: string } | null;
  /** Names for the reader (the console's preview, issue 41): the school, the grade and the next one. */
  school: Names;
  grade: Names;
  next_grade: Names | null;
}

interface Names {
  name_en: string;
  name_ar: string;
}
const names = (row: Names | undefined): Names => ({ name_en: row?.name_en ?? '', name_ar: row?.name_ar ?? '' });

const gradeNumber = (name: string) => {
  const digits = /\d+/.exec(name.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)));
  return digits ? Number(digits[0]) : null;
};
/** A class name without its grade's number: "4A" and "5A" are section "a"; "Class A" is "class a". */
const section = (name: string) =>
  name
    .replace(/[0-9٠-٩]+/g, '')
    .replace(/[\s\-–_/]+/g, ' ')
    .trim()
    .toLowerCase();
/** The class's name in the next grade: its grade's number replaced (Latin or Arabic-Indic digits), else as it is. */
const renamed = (name: string, from: number | null, to: number | null) =>
  from === null || to === null ? name : name.replace(String(from), String(to));

/**
 * The next grade of each grade: on the same platform, the one numbered one more ("Grade 4" to
 * "Grade 5"), named alike when several are; null when there is none (the school's last grade: its
 * students leave). A grade without a number is not in the progression (its classes stay).
 */
function nextGrades(grades: Grade[]): Map<number, number | null> {
  const next = new Map<number, number | null>();
  const pattern = (name: string) =>
    name
      .replace(/[0-9٠-٩]+/g, '#')
      .trim()
      .toLowerCase();
  for (const grade of grades) {
    const number = gradeNumber(grade.name_en);
    if (number === null) continue;
    const candidates = grades
      .filter((g) => g.platform_id === grade.platform_id && gradeNumber(g.name_en) === number + 1)
      .sort(
        (x, y) =>
          Number(pattern(y.name_en) === pattern(grade.name_en)) -
            Number(pattern(x.name_en) === pattern(grade.name_en)) || x.id - y.id,
      );
    next.set(grade.id, candidates[0]?.id ?? null);
  }
  return next;
}

/**
 * The rollover of the schools in scope (or of one): every class with active students moves up a
 * grade, into the same school's class of the next grade with the same section ("4A" to "5A",
 * "Class A" to the Grade 5 "Class A"), made when there is none; the last grade's students leave.
 * Reports keep the class and grade each result was sat in (report_results), so past rounds do not change.
 */
export async function planRollover(db: Db, scope: SchoolScope, schoolId?: number): Promise<ClassMove[]> {
  const grades = await db.selectFrom('grades').select(['id', 'platform_id', 'name_en', 'name_ar']).execute();
  const next = nextGrades(grades);
  const gradeOf = new Map(grades.map((g) => [g.id, g]));
  let classesQuery = db
    .selectFrom('school_classes')
    .select(['id', 'school_id', 'grade_id', 'name_en', 'name_ar'])
    .where(schoolScopeCondition(scope, sql.ref('school_id')));
  if (schoolId !== undefined) classesQuery = classesQuery.where('school_id', '=', schoolId);
  const classes: ClassRow[] = await classesQuery.orderBy('school_id').orderBy('grade_id').orderBy('id').execute();
  const schoolOf = new Map(
    (
      await db
        .selectFrom('schools')
        .select(['id', 'name_en', 'name_ar'])
        .where('id', 'in', [0, ...new Set(classes.map((c) => c.school_id))])
        .execute()
    ).map((school) => [school.id, school] as const),
  );
  const counts = new Map(
    (
      await db
        .selectFrom('students')
        .select(['school_class_id', sql<number>`count(*)::int`.as('n')])
        .where('is_active', '=', true)
        .groupBy('school_class_id')
        .execute()
    ).map((r) => [r.school_class_id, r.n]),
  );
  return classes
    .filter((c) => (counts.get(c.id) ?? 0) > 0 && next.has(c.grade_id))
    .map((c) => {
      const nextGrade = next.get(c.grade_id) ?? null;
      const move = {
        class_id: c.id,
        school_id: c.school_id,
        name_en: c.name_en,
        name_ar: c.name_ar,
        grade_id: c.grade_id,
        students: counts.get(c.id) ?? 0,
        next_grade_id: nextGrade,
        school: names(schoolOf.get(c.school_id)),
        grade: names(gradeOf.get(c.grade_id)),
        next_grade: nextGrade === null ? null : names(gradeOf.get(nextGrade)),
      };
      if (nextGrade === null) return { ...move, target: null };
      const existing = classes.find(
        (o) => o.school_id === c.school_id && o.grade_id === nextGrade && section(o.name_en) === section(c.name_en),
      );
      if (existing)
        return { ...move, target: { class_id: existing.id, name_en: existing.name_en, name_ar: existing.name_ar } };
      const from = gradeOf.get(c.grade_id)!;
      const to = gradeOf.get(nextGrade)!;
      return {
        ...move,
        target: {
          class_id: null,
          name_en: renamed(c.name_en, gradeNumber(from.name_en), gradeNumber(to.name_en)),
          name_ar: renamed(c.name_ar, gradeNumber(from.name_en), gradeNumber(to.name_en)),
        },
      };
    });
}

/**
 * Applies a rollover plan in one transaction, each class's students taken as they were before any
 * move (so students moving into a class are not moved again with it): classes to make are made,
 * students move with their grade (and their level, to the one numbered one more), leavers are
 * deactivated with their accounts. Counts what it did.
 */
/** What a rollover plan would do: classes, students promoted and leaving, classes to make. */
export function summarizeRollover(moves: ClassMove[]) {
  return {
    classes: moves.length,
    promoted: moves.filter((m) => m.target).reduce((n, m) => n + m.students, 0),
    leaving: moves.filter((m) => !m.target).reduce((n, m) => n + m.students, 0),
    classes_to_create: new Set(
      moves
        .filter((m) => m.target && m.target.class_id === null)
        .map((m) => `${m.school_id}/${m.next_grade_id}/${m.target!.name_en}`),
    ).size,
  };
}

/** 418 when a school of the plan was rolled over in the last days, unless the caller says `again`. */
export async function refuseRecentRollover(db: Db, moves: ClassMove[], now: Date, again: boolean) {
  const schoolIds = [...new Set(moves.map((m) => m.school_id))];
  if (again || schoolIds.length === 0) return;
  const recent = await db
    .selectFrom('schools')
    .select(['name_en', 'name_ar', 'rolled_over_at'])
    .where('id', 'in', schoolIds)
    .where('rolled_over_at', '>', new Date(now.getTime() - RECENT_DAYS * 86_400_000))
    .orderBy('rolled_over_at', 'desc')
    .executeTakeFirst();
  if (recent)
    throw new AppError(418, 'roster.errors.rolled_over_recently', (language) => ({
      school: language === 'ar' ? recent.name_ar : recent.name_en,
      date: new Date(recent.rolled_over_at!).toISOString().slice(0, 10),
    }));
}

export async function applyRollover(db: Db, moves: ClassMove[], now: Date) {
  const done = { promoted: 0, left: 0, classes_created: 0 };
  const levels = await db.selectFrom('levels').select(['id', 'platform_id', 'name_en', 'name_ar']).execute();
  const nextLevel = nextGrades(levels);
  const snapshot = await db
    .selectFrom('students')
    .select(['id', 'school_class_id', 'level_id'])
    .where('is_active', '=', true)
    .where('school_class_id', 'in', [0, ...moves.map((m) => m.class_id)])
    .execute();
  await db.transaction().execute(async (trx) => {
    const schoolIds = [...new Set(moves.map((m) => m.school_id))];
    if (schoolIds.length > 0)
      await trx.updateTable('schools').set({ rolled_over_at: now }).where('id', 'in', schoolIds).execute();
    for (const move of moves) {
      const ids = snapshot.filter((s) => s.school_class_id === move.class_id).map((s) => s.id);
      if (ids.length === 0) continue;
      if (!move.target || move.next_grade_id === null) {
        await trx
          .updateTable('students')
          .set({ is_active: false, updated_at: sql`now()` })
          .where('id', 'in', ids)
          .execute();
        await sql`update users set is_active = false from students s where s.user_id = users.id and s.id in (${sql.join(ids)})`.execute(
          trx,
        );
        done.left += ids.length;
        continue;
      }
      let classId = move.target.class_id;
      if (classId === null) {
        const made = await trx
          .insertInto('school_classes')
          .values({
            name: move.target.name_en,
            name_en: move.target.name_en,
            name_ar: move.target.name_ar,
            school_id: move.school_id,
            grade_id: move.next_grade_id,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        classId = made.id;
        done.classes_created++;
        // Another class of the same section moving in joins this one, not a second copy.
        for (const other of moves)
          if (
            other.target &&
            other.target.class_id === null &&
            other.school_id === move.school_id &&
            other.next_grade_id === move.next_grade_id &&
            other.target.name_en === move.target.name_en
          )
            other.target.class_id = classId;
      }
      await trx
        .updateTable('students')
        .set({ school_class_id: classId, grade_id: move.next_grade_id, updated_at: sql`now()` })
        .where('id', 'in', ids)
        .execute();
      // Students on ISA platforms go by level too: each moves to the level numbered one more, if any.
      for (const student of snapshot.filter((s) => s.school_class_id === move.class_id && s.level_id !== null)) {
        const level = nextLevel.get(student.level_id!);
        if (level) await trx.updateTable('students').set({ level_id: level }).where('id', '=', student.id).execute();
      }
      done.promoted += ids.length;
    }
  });
  return done;
}
