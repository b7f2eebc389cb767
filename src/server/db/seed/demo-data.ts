import { ROLES } from '../../../common/permissions';
import type { Db } from '../database';
import { createUser } from '../../users/users-service';

export const DEMO_PASSWORD = 'Demo@2026';

export const DEMO_ACCOUNTS = [
  { email: 'admin@example.com', name: 'Amal Admin', role: ROLES.admin },
  { email: 'author@example.com', name: 'Omar Author', role: ROLES.author },
  { email: 'corrector@example.com', name: 'Huda Corrector', role: ROLES.corrector },
  { email: 'school@example.com', name: 'Sami School', role: ROLES.school },
  { email: 'student@example.com', name: 'Layla Student', role: ROLES.student },
] as const;

const SCHOOLS = [
  { en: 'Al Noor Primary School', ar: 'مدرسة النور الابتدائية' },
  { en: 'Al Amal Model School', ar: 'مدرسة الأمل النموذجية' },
  { en: 'Ibn Sina International School', ar: 'مدرسة ابن سينا الدولية' },
];

const STUDENT_NAMES = [
  ['Layla Student', 'female'], ['Yousef Hamdan', 'male'], ['Mariam Saleh', 'female'], ['Khalid Nasser', 'male'],
  ['Noura Ali', 'female'], ['Ahmad Zaki', 'male'], ['Reem Fares', 'female'], ['Tariq Mansour', 'male'],
  ['Salma Idris', 'female'], ['Faisal Qasim', 'male'], ['Hala Said', 'female'], ['Zaid Kareem', 'male'],
] as const;

const NATIONALITIES = ['AE', 'SA', 'JO', 'EG', 'QA', 'OM'];

/**
 * Demo data for a fresh non-production database: the two platforms, grades, schools with classes,
 * students, and one account per role (password Demo@2026). Does nothing once any user exists.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;

  const accounts = new Map<string, number>();
  for (const account of DEMO_ACCOUNTS) {
    accounts.set(account.email, await createUser(db, { ...account, password: DEMO_PASSWORD, roles: [account.role] }));
  }

  await db.transaction().execute(async (trx) => {
    const platforms = await trx
      .insertInto('platforms')
      .values([
        { name: 'International Reading Assessment', identifier: 'IRA' },
        { name: 'International Standards Assessment', identifier: 'ISA' },
      ])
      .returning(['id', 'identifier'])
      .execute();
    const ira = platforms.find((p) => p.identifier === 'IRA');
    if (!ira) return;

    const grades = await trx
      .insertInto('grades')
      .values([3, 4, 5, 6].map((n) => ({ name: `Grade ${n}`, name_en: `Grade ${n}`, name_ar: `الصف ${arabicOrdinal(n)}`, platform_id: ira.id })))
      .returning('id')
      .execute();

    let studentIndex = 0;
    for (const [schoolIndex, school] of SCHOOLS.entries()) {
      const { id: schoolId } = await trx
        .insertInto('schools')
        .values({ name: school.en, name_en: school.en, name_ar: school.ar })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [classIndex, section] of (['A', 'B'] as const).entries()) {
        const gradeId = grades[(schoolIndex + classIndex) % grades.length].id;
        const { id: classId } = await trx
          .insertInto('school_classes')
          .values({ name: `Class ${section}`, name_en: `Class ${section}`, name_ar: `الشعبة ${section === 'A' ? 'أ' : 'ب'}`, school_id: schoolId, grade_id: gradeId })
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
              name,
              gender,
              nationality: NATIONALITIES[studentIndex % NATIONALITIES.length],
            })
            .execute();
        }
      }
    }
  });
  return true;
}

function arabicOrdinal(n: number): string {
  return ['', 'الأول', 'الثاني', 'الثالث', 'الرابع', 'الخامس', 'السادس'][n] ?? String(n);
}
