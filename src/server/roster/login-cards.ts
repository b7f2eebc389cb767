import { sql } from 'kysely';
import type { Language } from '../../../locales/index';
import { hashPassword } from '../auth';
import type { Db } from '../db/database';
import { translate } from '../http/i18n';
import type { LoginCardsDocument } from '../pdf';
import { createStudentAccounts, newStudentPassword, NO_PASSWORD, usernameOf } from './student-accounts';

/**
 * Where a student's account stands when their class's cards are printed (issue 41): `new`, no
 * password yet (no account, or one an import made); `printed`, a password from an earlier card (or
 * a reset) that has never been used; `signed_in`, a password the student has used.
 */
export type CardState = 'new' | 'printed' | 'signed_in';

export interface LoginCard {
  studentNumber: string;
  nameEn: string;
  nameAr: string;
  username: string;
  state: CardState;
  /** A new password, shown once; null where the student keeps theirs (never shown). */
  password: string | null;
}

/** What printing a class's cards does: how many get a first password, how many have one already. */
export interface CardsPreview {
  students: number;
  new: number;
  printed: number;
  signed_in: number;
}

/** A class's active students with their account's state, in the cards' language's order of names. */
async function classStudents(db: Db, classId: number, lang: Language) {
  const students = await db
    .selectFrom('students')
    .leftJoin('users', 'users.id', 'students.user_id')
    .select([
      'students.id',
      'students.student_number',
      'students.name_en',
      'students.name_ar',
      'students.user_id',
      'users.last_login_at',
      'users.password_hash',
    ])
    .where('students.school_class_id', '=', classId)
    .where('students.is_active', '=', true)
    .execute();
  // Arabic cards sort by the Arabic name (a student without one by their Latin name), English by the Latin.
  const collator = new Intl.Collator(lang);
  const nameOf = (s: (typeof students)[number]) => (lang === 'ar' && s.name_ar ? s.name_ar : s.name_en);
  return students
    .map((s) => ({
      ...s,
      state: (s.user_id === null || s.password_hash === NO_PASSWORD
        ? 'new'
        : s.last_login_at === null
          ? 'printed'
          : 'signed_in') as CardState,
    }))
    .sort((a, b) => collator.compare(nameOf(a), nameOf(b)) || a.id - b.id);
}

/** What printing would do, changing nothing (the console says it before printing). */
export async function previewLoginCards(db: Db, classId: number): Promise<CardsPreview> {
  const students = await classStudents(db, classId, 'en');
  const count = (state: CardState) => students.filter((s) => s.state === state).length;
  return { students: students.length, new: count('new'), printed: count('printed'), signed_in: count('signed_in') };
}

/**
 * The login cards of a class's active students, rendered by `render`. A student without a
 * password gets a first one; a student whose earlier card was never used keeps it (their card
 * shows the username only) unless `replace` asks for new ones, which voids the earlier cards; a
 * student who has signed in keeps theirs, never shown. The passwords are hashed side by side
 * (scrypt runs on libuv's threads), the cards rendered, and only then are the hashes written, in
 * one transaction: a failed render leaves every password as it was.
 */
export async function issueLoginCards<T>(
  db: Db,
  classId: number,
  options: { lang: Language; replace: boolean },
  render: (cards: LoginCard[]) => Promise<T>,
): Promise<{ output: T; cards: LoginCard[] }> {
  const students = await classStudents(db, classId, options.lang);
  const issued = new Map(
    await Promise.all(
      students
        .filter((s) => s.state === 'new' || (options.replace && s.state === 'printed'))
        .map(async (s) => {
          const password = newStudentPassword();
          return [s.id, { password, hash: await hashPassword(password) }] as const;
        }),
    ),
  );
  const cards: LoginCard[] = students.map((s) => ({
    studentNumber: s.student_number,
    nameEn: s.name_en,
    nameAr: s.name_ar,
    username: usernameOf(s.student_number),
    state: s.state,
    password: issued.get(s.id)?.password ?? null,
  }));
  const output = await render(cards);
  if (issued.size > 0)
    await db.transaction().execute(async (trx) => {
      await createStudentAccounts(
        trx,
        students.filter((s) => s.user_id === null),
      );
      const pairs = [...issued].map(([id, { hash }]) => sql`(${id}::int, ${hash}::text)`);
      await sql`update users set password_hash = v.hash, updated_at = now()
        from (values ${sql.join(pairs)}) as v(student_id, hash), students s
        where s.id = v.student_id and users.id = s.user_id`.execute(trx);
    });
  return { output, cards };
}

/** A class's login cards as the template lays them out, every label in the cards' language. */
export function loginCardsDocument(
  klass: { name_en: string; name_ar: string; school_en: string; school_ar: string },
  cards: LoginCard[],
  lang: Language,
  origin: string,
): LoginCardsDocument {
  const t = (key: string, params?: Record<string, string>) => translate(lang, `roster.cards.${key}`, params);
  const className = lang === 'ar' ? klass.name_ar : klass.name_en;
  return {
    template: 'login-cards',
    lang,
    title: t('title', { class: className }),
    school: lang === 'ar' ? klass.school_ar : klass.school_en,
    class: className,
    site: translate(lang, 'app.site_title'),
    address: `${origin}/login`,
    labels: { username: t('username'), password: t('password'), address: t('address'), empty: t('empty') },
    cards: cards.map((c) => ({
      name_en: c.nameEn,
      name_ar: c.nameAr,
      username: c.username,
      password: c.password,
      // Where no password is printed, the card says why: the earlier card's still works, or they signed in.
      note: c.password === null ? t(c.state === 'signed_in' ? 'signed_in' : 'printed_before') : null,
    })),
  };
}
