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
  const made = await trx
    .insertInto('school_classes')
    .values(
      classes.map((c) => ({
        name: c.name,
        name_en: c.name,
        name_ar: c.name,
        school_id: c.school_id,
        grade_id: c.grade_id,
      })),
    )
    .returning('id')
    .execute();
  made.forEach(({ id }, at) => ids.set(classes[at].key, id));
  if (audit) {
    const { importId, ...context } = audit;
    await recordAudits(
      trx,
      classes.map((c, at) => ({
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
