import { sql, type RawBuilder } from 'kysely';
import type { MonitorStatus } from '../../common/contracts/index';
import type { Db } from '../db/database';
import { assignmentsOfExam, hasUnsent, isOnline, monitorStatus } from './monitor-sql';
import { placedClass, placedSchool } from './targets';

/** The exam-day monitor's counts: by status, and how many are online, keep answers unsent, have their results. */
export type Totals = Record<MonitorStatus | 'assigned' | 'online' | 'unsent' | 'released', number>;

interface Group {
  id: number;
  name_en: string;
  name_ar: string;
  totals: Totals;
}

const emptyTotals = (): Totals => ({
  assigned: 0,
  not_started: 0,
  in_progress: 0,
  submitted: 0,
  auto_submitted: 0,
  force_submitted: 0,
  absent: 0,
  online: 0,
  unsent: 0,
  released: 0,
});

/** The counts by school and class (and of everything shown), with their names. */
export async function groupTotals(
  db: Db,
  examId: number,
  scoped: RawBuilder<unknown>[],
  now: Date,
  since: Date,
  released: RawBuilder<boolean>,
) {
  const { rows } = await sql<{
    school_id: number;
    school_class_id: number;
    status: MonitorStatus;
    n: number;
    online: number;
    unsent: number;
    released: number;
  }>`
    select x.school_id, x.school_class_id, x.status, count(*)::int as n,
      (count(*) filter (where x.online))::int as online, (count(*) filter (where x.unsent))::int as unsent,
      (count(*) filter (where x.released))::int as released
    from (
      select ${placedSchool} as school_id, ${placedClass} as school_class_id, ${monitorStatus(now)} as status,
        ${isOnline(since)} as online, ${hasUnsent} as unsent, ${released} as released
      ${assignmentsOfExam(examId, scoped)}
    ) x
    group by 1, 2, 3`.execute(db);
  const names = await groupNames(db, rows);
  const group = (map: Map<number, { name_en: string; name_ar: string }>, id: number): Group => ({
    id,
    name_en: map.get(id)?.name_en ?? '',
    name_ar: map.get(id)?.name_ar ?? '',
    totals: emptyTotals(),
  });
  const totals = emptyTotals();
  const schools = new Map<number, Group & { classes: Group[] }>();
  const classes = new Map<number, Group>();
  for (const row of rows) {
    let school = schools.get(row.school_id);
    if (!school) {
      school = { ...group(names.schools, row.school_id), classes: [] };
      schools.set(row.school_id, school);
    }
    let schoolClass = classes.get(row.school_class_id);
    if (!schoolClass) {
      schoolClass = group(names.classes, row.school_class_id);
      classes.set(row.school_class_id, schoolClass);
      school.classes.push(schoolClass);
    }
    for (const counted of [totals, school.totals, schoolClass.totals]) {
      counted.assigned += row.n;
      counted[row.status] += row.n;
      counted.online += row.online;
      counted.unsent += row.unsent;
      counted.released += row.released;
    }
  }
  const byName = (a: Group, b: Group) => a.name_en.localeCompare(b.name_en);
  return {
    totals,
    schools: [...schools.values()].sort(byName).map((school) => ({ ...school, classes: school.classes.sort(byName) })),
  };
}

/** The names of the schools and classes the counts are placed in. */
async function groupNames(db: Db, rows: { school_id: number; school_class_id: number }[]) {
  const schoolIds = [...new Set(rows.map((row) => row.school_id))];
  const classIds = [...new Set(rows.map((row) => row.school_class_id))];
  const byId = (list: { id: number; name_en: string; name_ar: string }[]) =>
    new Map(list.map(({ id, name_en, name_ar }) => [id, { name_en, name_ar }]));
  const [schools, classes] = await Promise.all([
    schoolIds.length === 0
      ? []
      : db.selectFrom('schools').select(['id', 'name_en', 'name_ar']).where('id', 'in', schoolIds).execute(),
    classIds.length === 0
      ? []
      : db.selectFrom('school_classes').select(['id', 'name_en', 'name_ar']).where('id', 'in', classIds).execute(),
  ]);
  return { schools: byId(schools), classes: byId(classes) };
}
