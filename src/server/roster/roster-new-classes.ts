import { sql } from 'kysely';
import { permissionFor } from '../../common/permissions';
import { changedColumns, recordAudits, type AuditContext } from '../audit';
import type { Db } from '../db/database';

/** The right to make classes (the class form's): asking an import to make them takes it. */
export const MAKE_CLASSES = permissionFor('school-classes', 'create');

/** A class a roster names in one of the importer's schools, made by the import (issue 40). */
export interface NewClass {
  key: string;
  school_id: number;
  grade_id: number;
  /** The file's name for it, in both languages until someone names it in Arabic. */
  name: string;
}

/** Names this lock among the application's advisory locks ("clas"). */
const CLASSES_LOCK = 0x636c6173;

const keyOf = (schoolId: number, gradeId: number, name: string) =>
  `${schoolId}|${gradeId}|${name.trim().toLowerCase().replace(/\s+/g, ' ')}`;

/** The classes a plan will make: one per school, grade and name, however many rows name it. */
export class NewClasses {
  private readonly planned = new Map<string, NewClass>();

  /** The key of the class of this school and grade that the file names, planned once. */
  plan(schoolId: number, gradeId: number, name: string): string {
    const key = keyOf(schoolId, gradeId, name);
    if (!this.planned.has(key))
      this.planned.set(key, { key, school_id: schoolId, grade_id: gradeId, name: name.trim() });
    return key;
  }

  list(): NewClass[] {
    return [...this.planned.values()];
  }
}

/**
 * Makes a plan's new classes in the import's transaction (each audited as the class form would be)
 * and answers their ids by key, for the students that join them.
 */
export async function makeClasses(
  trx: Db,
  classes: NewClass[],
  audit?: AuditContext & { importId: number },
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (classes.length === 0) return ids;
  // Two imports at once may plan the same class: one transaction at a time makes classes, and a
  // class another import made since this one's plan is joined, not made again.
  // One lock per school, taken in order: imports into different schools never wait for each other.
  for (const schoolId of [...new Set(classes.map((c) => c.school_id))].sort((a, b) => a - b))
    await sql`select pg_advisory_xact_lock(${CLASSES_LOCK}::int, ${schoolId}::int)`.execute(trx);
  const planned = new Map(classes.map((c) => [c.key, c] as const));
  const present = await trx
    .selectFrom('school_classes')
    .select(['id', 'school_id', 'grade_id', 'name_en'])
    .where('school_id', 'in', [...new Set(classes.map((c) => c.school_id))])
    .execute();
  for (const c of present) {
    const key = keyOf(c.school_id, c.grade_id, c.name_en);
    if (planned.has(key) && !ids.has(key)) ids.set(key, c.id);
  }
  const missing = classes.filter((c) => !ids.has(c.key));
  if (missing.length === 0) return ids;
  const made = await trx
    .insertInto('school_classes')
    .values(
      missing.map((c) => ({
        name: c.name,
        name_en: c.name,
        name_ar: c.name,
        school_id: c.school_id,
        grade_id: c.grade_id,
      })),
    )
    .returning('id')
    .execute();
  made.forEach(({ id }, at) => ids.set(missing[at].key, id));
  if (audit) {
    const { importId, ...context } = audit;
    await recordAudits(
      trx,
      missing.map((c, at) => ({
        ...context,
        action: 'school-classes.create',
        target: `school-classes/${made[at].id}`,
        schoolId: c.school_id,
        summary: {
          import: importId,
          ...changedColumns(null, { name_en: c.name, school_id: c.school_id, grade_id: c.grade_id }, [
            'name_en',
            'school_id',
            'grade_id',
          ]),
        },
      })),
    );
  }
  return ids;
}
