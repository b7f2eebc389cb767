import type { Db } from '../db/database';
import { studentNames } from './demo-names';
import { createUser } from '../users';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';

const SCHOOLS = [
  { en: 'Al Noor Primary School', ar: 'مدرسة النور الابتدائية' },
  { en: 'Al Amal Model School', ar: 'مدرسة الأمل النموذجية' },
  { en: 'Ibn Sina International School', ar: 'مدرسة ابن سينا الدولية' },
];

const STUDENT_NAMES = [
  ['Layla Student', 'female'],
  ['Yousef Hamdan', 'male'],
  ['Mariam Saleh', 'female'],
  ['Khalid Nasser', 'male'],
  ['Noura Ali', 'female'],
  ['Ahmad Zaki', 'male'],
  ['Reem Fares', 'female'],
  ['Tariq Mansour', 'male'],
  ['Salma Idris', 'female'],
  ['Faisal Qasim', 'male'],
  ['Hala Said', 'female'],
  ['Zaid Kareem', 'male'],
] as const;

const NATIONALITIES = ['AE', 'SA', 'JO', 'EG', 'QA', 'OM'];
const SECTIONS = [
  { en: 'A', ar: 'أ' },
  { en: 'B', ar: 'ب' },
];

/** One account per role (password Demo@2026). Returns each account's user id by email. */
export async function seedAccounts(db: Db): Promise<Map<string, number>> {
  const accounts = new Map<string, number>();
  for (const account of DEMO_ACCOUNTS) {
    accounts.set(account.email, await createUser(db, { ...account, password: DEMO_PASSWORD, roles: [account.role] }));
  }
  return accounts;
}

/**
 * Three schools, two classes each, two students per class. Every student has a grade (IRA) and a
 * level (ISA), so both platforms' exams can be assigned; the first is the demo student's record.
 * The demo student is in Grade 4 and Level 2, the stages of the demo exams.
 */
export async function seedSchools(
  db: Db,
  accounts: Map<string, number>,
  grades: number[],
  levels: number[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    let studentIndex = 0;
    for (const [schoolIndex, school] of SCHOOLS.entries()) {
      const { id: schoolId } = await trx
        .insertInto('schools')
        .values({ name: school.en, name_en: school.en, name_ar: school.ar })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [classIndex, section] of SECTIONS.entries()) {
        const stage = (1 + schoolIndex + classIndex) % grades.length;
        const gradeId = grades[stage];
        const { id: classId } = await trx
          .insertInto('school_classes')
          .values({
            name: `Class ${section.en}`,
            name_en: `Class ${section.en}`,
            name_ar: `الشعبة ${section.ar}`,
            school_id: schoolId,
            grade_id: gradeId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (let k = 0; k < 2; k++, studentIndex++) {
          const [name, gender] = STUDENT_NAMES[studentIndex % STUDENT_NAMES.length];
          await trx
            .insertInto('students')
            .values({
              user_id: studentIndex === 0 ? (accounts.get('student@example.com') ?? null) : null,
              school_id: schoolId,
              school_class_id: classId,
              grade_id: gradeId,
              level_id: levels[stage],
              ...studentNames(name),
              gender,
              nationality: NATIONALITIES[studentIndex % NATIONALITIES.length],
            })
            .execute();
        }
      }
    }
  });
}
