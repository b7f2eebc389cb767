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

/**
 * A class's active students with their account's state, in the cards' language's order of names.
 * `version` fingerprints the account's password and last sign-in as read (never the hash itself): a
 * print writes a password only where it is still the same, so two prints at once, or a sign-in
 * meanwhile, never lead it to void a card in use.
 */
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
      sql<string | null>`md5(users.password_hash || '|' || coalesce(users.last_login_at::text, ''))`.as('version'),
      sql<CardState>`case when users.id is null or users.password_hash = ${NO_PASSWORD} then 'new'
        when users.last_login_at is null then 'printed' else 'signed_in' end`.as('state'),
    ])
    .where('students.school_class_id', '=', classId)
    .where('students.is_active', '=', true)
    .execute();
  // Arabic cards sort by the Arabic name (a student without one by their Latin name), English by the Latin.
  const collator = new Intl.Collator(lang);
  const nameOf = (s: (typeof students)[number]) => (lang === 'ar' && s.name_ar ? s.name_ar : s.name_en);
  return students.sort((a, b) => collator.compare(nameOf(a), nameOf(b)) || a.id - b.id);
}

/** Another print (or a reset) changed an account between this print's read and its write. */
class CardsChanged extends Error {}

/** How many times a print reads, renders and writes again after losing a race to another. */
const PRINT_ATTEMPTS = 3;

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
  for (let attempt = 1; ; attempt++) {
    try {
      return await printOnce(db, classId, options, render);
    } catch (error) {
      // Two prints of one class at once (a double click, two staff): the later one reads again and
      // finds the cards the other handed out, which it then keeps.
      if (!(error instanceof CardsChanged) || attempt >= PRINT_ATTEMPTS) throw error;
    }
  }
}

async function printOnce<T>(
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
      const accountless = students.filter((s) => s.user_id === null);
      // Made by another print meanwhile: this one's read is stale.
      const taken = await trx
        .selectFrom('students')
        .select('id')
        .where('id', 'in', [0, ...accountless.map((s) => s.id)])
        .where('user_id', 'is not', null)
        .execute();
      if (taken.length > 0) throw new CardsChanged();
      await createStudentAccounts(trx, accountless);
      const version = new Map(students.map((s) => [s.id, s.version] as const));
      const pairs = [...issued].map(
        ([id, { hash }]) => sql`(${id}::int, ${hash}::text, ${version.get(id) ?? null}::text)`,
      );
      // Only where the account is as this print read it (an account just made has no version).
      const written = await sql<{ id: number }>`update users set password_hash = v.hash, updated_at = now()
        from (values ${sql.join(pairs)}) as v(student_id, hash, version), students s
        where s.id = v.student_id and users.id = s.user_id
          and (v.version is null
            or md5(users.password_hash || '|' || coalesce(users.last_login_at::text, '')) = v.version)
        returning users.id`.execute(trx);
      if (written.rows.length !== issued.size) throw new CardsChanged();
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
