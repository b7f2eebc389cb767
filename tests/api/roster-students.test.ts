import { issueLoginCards, type LoginCard } from '../../src/server/roster/login-cards';
import { describe, expect, it } from 'vitest';
import { admin, api, registry, staff, t, useRosterWorld, world } from '../helpers/roster-world';
import { call } from '../helpers/api-client';
import { buildUser, signIn } from '../helpers/factories';
import { pdfText } from '../helpers/pdf-reading';
import { buildRecord } from '../helpers/resource-factory';
import { ROLES } from '../../src/common/permissions';

useRosterWorld();

describe('students and their accounts', () => {
  const body = (number: string) => ({
    student_number: number,
    name_en: 'Sara Haddad',
    name_ar: 'سارة حداد',
    school_id: world.noor.id,
    school_class_id: world.noor4.id,
    grade_id: world.grade4.id,
    gender: 'female',
    nationality: 'JO',
    date_of_birth: '2016-05-01',
    is_active: true,
    // Extra time is an administrator's to give (accommodations.test.ts).
    extra_time_percent: 0,
  });

  it('creates a student with an account that signs in once a password is reset, never before', async () => {
    const created = await api('POST', '/api/students', body('API-001'), staff);
    expect(created.statusCode, created.body).toBe(201);
    const student = created.json().data;
    expect(student).toMatchObject({ student_number: 'API-001', extra_time_percent: 0, is_active: true });
    const noPassword = await call(t.app, 'POST', '/api/login', { email: 'api-001', password: '!' });
    expect(noPassword.statusCode).toBe(401);
    const reset = await api('POST', `/api/students/${student.id}/reset-password`, undefined, staff);
    expect(reset.statusCode, reset.body).toBe(200);
    const { username, password } = reset.json().data;
    expect(username).toBe('api-001');
    expect(password).toMatch(/^[a-z2-9]{8}$/);
    const stored = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'api-001')
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).not.toContain(password);
    const login = await call(t.app, 'POST', '/api/login', { email: 'API-001', password });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const me = await call(t.app, 'GET', '/api/user', undefined, { cookie });
    expect(me.json().data).toMatchObject({ username: 'api-001', email: null });
    // Deactivated, the account can no longer sign in.
    const off = await api('PUT', `/api/students/${student.id}`, { ...body('API-001'), is_active: false }, staff);
    expect(off.statusCode, off.body).toBe(200);
    expect((await call(t.app, 'POST', '/api/login', { email: 'api-001', password })).statusCode).toBe(401);
  });

  it('refuses a student number taken (in any case), and a student of another school for school staff', async () => {
    await api('POST', '/api/students', body('API-002'));
    const taken = await api('POST', '/api/students', body('api-002'));
    expect(taken.statusCode).toBe(422);
    expect(Object.keys(taken.json().errors)).toContain('student_number');
    const elsewhere = await api(
      'POST',
      '/api/students',
      { ...body('API-003'), school_id: world.amal.id, school_class_id: world.amal4.id },
      staff,
    );
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors.school_id).toBeDefined();
  });

  it('deletes a student who has sat nothing, with their account; refuses (418) one who has', async () => {
    const free = (await api('POST', '/api/students', body('API-004'))).json().data;
    const deleted = await api('DELETE', `/api/students/${free.id}`, undefined, staff);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(
      await t.db.selectFrom('users').select('id').where('username', '=', 'api-004').executeTakeFirst(),
    ).toBeUndefined();

    const sat = (await api('POST', '/api/students', body('API-005'))).json().data;
    const exam = await buildRecord(t.db, registry, registry.get('exams')!, world.platform, {
      grade_id: world.grade4.id,
    });
    await t.db
      .insertInto('student_exams')
      .values({ exam_id: exam.id, student_id: sat.id, status: 'in_progress', started_at: new Date() })
      .execute();
    const refused = await api('DELETE', `/api/students/${sat.id}`, undefined, admin, 'ar');
    expect(refused.statusCode).toBe(418);
    expect(refused.json().message).toContain('عطّل');
    expect(await t.db.selectFrom('students').select('id').where('id', '=', sat.id).executeTakeFirst()).toBeDefined();
  });

  it('answers 401, 403 and 404 where the caller may not', async () => {
    const anyone = await api('GET', '/api/students', undefined, '');
    expect(anyone.statusCode).toBe(401);
    const author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
    expect((await api('POST', '/api/students', body('API-006'), author)).statusCode).toBe(403);
    const other = (
      await api('POST', '/api/students', {
        ...body('API-007'),
        school_id: world.amal.id,
        school_class_id: world.amal4.id,
      })
    ).json().data;
    for (const [method, url] of [
      ['GET', `/api/students/${other.id}`],
      ['POST', `/api/students/${other.id}/reset-password`],
      ['DELETE', `/api/students/${other.id}`],
      ['GET', `/api/school-classes/${world.amal4.id}/login-cards`],
      ['GET', `/api/school-classes/${world.amal4.id}/login-cards/preview`],
    ] as const)
      expect((await api(method, url, undefined, staff)).statusCode, url).toBe(404);
    for (const url of [
      '/api/roster/template',
      '/api/students/export',
      `/api/school-classes/${world.noor4.id}/login-cards`,
      `/api/school-classes/${world.noor4.id}/login-cards/preview`,
    ])
      expect((await api('GET', url, undefined, author)).statusCode, url).toBe(403);
  });
});

/**
 * A grade 5 class of the Noor school with these students, made through the API as school staff
 * would: `[number, Latin name, Arabic name]`, each answered 201.
 */
async function classWith(name: [en: string, ar: string], students: [string, string, string][]) {
  const klass = await buildRecord(t.db, registry, registry.get('school-classes')!, world.platform, {
    school_id: world.noor.id,
    grade_id: world.grade5.id,
    name_en: name[0],
    name_ar: name[1],
  });
  for (const [number, en, ar] of students) {
    const created = await api(
      'POST',
      '/api/students',
      {
        student_number: number,
        name_en: en,
        name_ar: ar,
        school_id: world.noor.id,
        school_class_id: klass.id,
        grade_id: world.grade5.id,
        gender: 'male',
        nationality: 'AE',
      },
      staff,
    );
    expect(created.statusCode, created.body).toBe(201);
  }
  return klass;
}

describe('login cards', () => {
  it('print each new student of a class with a first password that signs in, in Arabic too', async () => {
    const klass = await classWith(
      ['5C', 'الخامس ج'],
      ['CARD-1', 'CARD-2'].map((n) => [n, `Card ${n}`, 'بطاقة']),
    );
    // CARD-2 came from a file without Arabic names (issue 40): their card names them in Latin script.
    await t.db.updateTable('students').set({ name_ar: '' }).where('student_number', '=', 'CARD-2').execute();
    const pdf = await api('GET', `/api/school-classes/${klass.id}/login-cards?lang=en`, undefined, staff);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('card-1');
    // Passwords are set letter-spaced (pdftotext may read the spacing as spaces).
    const passwords = [...text.matchAll(/Password\s+((?:[a-z2-9] ?){8})/g)].map((m) => m[1]!.replace(/ /g, ''));
    expect(passwords).toHaveLength(2);
    let signedIn = false;
    for (const candidate of passwords) {
      const login = await call(t.app, 'POST', '/api/login', { email: 'card-1', password: candidate });
      if (login.statusCode === 200) signedIn = true;
    }
    expect(signedIn).toBe(true);
    // The cards name the configured address, whatever Host the request named (issue 39).
    const forged = await call(t.app, 'GET', `/api/school-classes/${klass.id}/login-cards?lang=en`, undefined, {
      cookie: staff,
      headers: { host: 'evil.example' },
    });
    expect(forged.statusCode).toBe(200);
    const forgedText = pdfText(forged.rawPayload);
    expect(forgedText).not.toContain('evil.example');
    expect(forgedText).toContain(`${t.app.config.publicUrl}/login`);
    const arabic = await api('GET', `/api/school-classes/${klass.id}/login-cards?lang=ar`, undefined, staff);
    expect(arabic.statusCode).toBe(200);
    const arabicText = pdfText(arabic.rawPayload);
    expect(arabicText.replace(/\s/g, '')).toContain('card-2');
    expect(arabicText).toContain('Card CARD-2');
    // CARD-1 has signed in: their card keeps their password secret.
    expect(arabicText.replace(/\s/g, '')).toContain('الدخولمنقبل');
  });

  it('never voids a card handed out unless asked: says first what printing does, and replaces only on request (issue 41)', async () => {
    // Latin and Arabic names in opposite orders: each language's cards follow its own.
    const klass = await classWith(
      ['5K', 'الخامس ك'],
      [
        ['KEEP-1', 'Adam Zaki', 'يوسف'],
        ['KEEP-2', 'Basel Omar', 'بدر'],
        ['KEEP-3', 'Zaid Amin', 'أحمد'],
      ],
    );
    const preview = async () =>
      (await api('GET', `/api/school-classes/${klass.id}/login-cards/preview`, undefined, staff)).json().data;
    const passwordsIn = (text: string) =>
      [...text.matchAll(/Password\s+((?:[a-z2-9] ?){8})(?![a-z2-9])/g)].map((m) => m[1]!.replace(/ /g, ''));
    const signsIn = async (username: string, password: string) =>
      (await call(t.app, 'POST', '/api/login', { email: username, password })).statusCode === 200;
    const cards = (query: string) =>
      api('GET', `/api/school-classes/${klass.id}/login-cards?${query}`, undefined, staff);

    expect(await preview()).toEqual({ students: 3, new: 3, printed: 0, signed_in: 0 });
    const first = pdfText((await cards('lang=en')).rawPayload);
    const handedOut = passwordsIn(first);
    expect(handedOut).toHaveLength(3);
    // English cards in Latin-name order.
    expect(first.indexOf('Adam Zaki')).toBeLessThan(first.indexOf('Basel Omar'));
    expect(first.indexOf('Basel Omar')).toBeLessThan(first.indexOf('Zaid Amin'));
    expect(await preview()).toEqual({ students: 3, new: 0, printed: 3, signed_in: 0 });

    // Printing again (the Arabic cards) keeps the handed-out passwords: usernames only, and why.
    const arabic = await cards('lang=ar');
    expect(arabic.statusCode).toBe(200);
    const arabicText = pdfText(arabic.rawPayload);
    expect(arabicText.replace(/\s/g, '')).toContain('علىبطاقتكالسابقة');
    expect(passwordsIn(arabicText)).toEqual([]);
    // Arabic cards in Arabic-name order: أحمد (Zaid) and بدر (Basel) share the first row, يوسف (Adam),
    // first of the Latin order, comes last (pdftotext reads a row left to right, so the row's order is not asserted).
    const flat = arabicText.replace(/\s/g, '');
    expect(flat.indexOf('keep-1')).toBeGreaterThan(Math.max(flat.indexOf('keep-2'), flat.indexOf('keep-3')));
    const order = [...first.matchAll(/keep-\d/g)].map((m) => m[0]);
    for (const [at, password] of handedOut.entries()) expect(await signsIn(order[at]!, password)).toBe(true);
    expect(await preview()).toMatchObject({ new: 0, printed: 0, signed_in: 3 });

    // A fresh class state: KEEP-1 signed in above; the others' cards replaced only when asked.
    await t.db
      .updateTable('users')
      .set({ last_login_at: null })
      .where('username', 'in', ['keep-2', 'keep-3'])
      .execute();
    expect(await preview()).toEqual({ students: 3, new: 0, printed: 2, signed_in: 1 });
    const replaced = pdfText((await cards('lang=en&replace=true')).rawPayload);
    expect(passwordsIn(replaced)).toHaveLength(2);
    expect(replaced).toContain('Already signed in');
    const old = new Map(order.map((username, at) => [username, handedOut[at]!]));
    expect(await signsIn('keep-2', old.get('keep-2')!)).toBe(false);
    expect(await signsIn('keep-1', old.get('keep-1')!)).toBe(true);
    const audited = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'roster.login_cards')
      .where('target', '=', `school-classes/${klass.id}`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const summary = typeof audited.summary === 'string' ? JSON.parse(audited.summary) : audited.summary;
    expect(summary).toMatchObject({ issued: 2, replaced: 2, cards: 3 });
    expect((await cards('lang=en&replace=maybe')).statusCode).toBe(400);
  });
});

describe('two prints of one class at once (issue 41)', () => {
  it('never void each other: the later one finds the earlier cards and keeps their passwords', async () => {
    const klass = await classWith(
      ['5R', 'الخامس ر'],
      ['RACE-1', 'RACE-2'].map((n) => [n, `Race ${n}`, 'سباق']),
    );
    let inner: LoginCard[] = [];
    let renders = 0;
    // The outer print renders while another print of the class runs to its end (a double click).
    const outer = await issueLoginCards(t.db, klass.id, { lang: 'en', replace: false }, async (cards) => {
      renders += 1;
      if (renders === 1)
        inner = (await issueLoginCards(t.db, klass.id, { lang: 'ar', replace: false }, async () => 'inner')).cards;
      return cards;
    });
    // The inner print handed out both passwords; the outer read again and printed usernames only.
    expect(inner.map((c) => c.password !== null)).toEqual([true, true]);
    expect(renders).toBe(2);
    expect(outer.cards.map((c) => [c.state, c.password])).toEqual([
      ['printed', null],
      ['printed', null],
    ]);
    for (const card of inner)
      expect(
        (await call(t.app, 'POST', '/api/login', { email: card.username, password: card.password! })).statusCode,
      ).toBe(200);
  });
});

describe('student numbers', () => {
  it('refuses a number a child could not type on a card, in the request language', async () => {
    for (const number of ['has space', '-starts-with-dash', 'x'.repeat(41), 'عربي']) {
      const response = await api(
        'POST',
        '/api/students',
        {
          student_number: number,
          name_en: 'N',
          name_ar: 'ن',
          school_id: world.noor.id,
          school_class_id: world.noor4.id,
          grade_id: world.grade4.id,
          gender: 'male',
          nationality: 'AE',
        },
        admin,
        'ar',
      );
      expect(response.statusCode, number).toBe(422);
      expect(response.json().errors.student_number, number).toBeDefined();
    }
  });
});

describe('personal fields', () => {
  it('shows national id and date of birth to those who manage students only, over the list and a record', async () => {
    const created = (
      await api('POST', '/api/students', {
        student_number: 'PRIV-1',
        name_en: 'Private',
        name_ar: 'خاص',
        school_id: world.noor.id,
        school_class_id: world.noor4.id,
        grade_id: world.grade4.id,
        gender: 'male',
        nationality: 'AE',
        national_id: '784-2016-1234567-1',
        date_of_birth: '2016-01-01',
      })
    ).json().data;
    const author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
    for (const url of ['/api/students?per_page=100', `/api/students/${created.id}`]) {
      const response = await api('GET', url, undefined, author);
      expect(response.statusCode).toBe(200);
      expect(response.body, url).not.toContain('784-2016');
      expect(response.body, url).not.toContain('date_of_birth');
      const staffView = await api('GET', url, undefined, staff);
      expect(staffView.body, url).toContain('784-2016');
    }
  });
});

describe('staff accounts', () => {
  it('lists staff in Users, never the students’ accounts (they are managed with their student)', async () => {
    const student = await api('POST', '/api/students', {
      student_number: 'ACC-1',
      name_en: 'Account Check',
      name_ar: 'فحص الحساب',
      school_id: world.noor.id,
      school_class_id: world.noor4.id,
      grade_id: world.grade4.id,
      gender: 'female',
      nationality: 'AE',
    });
    expect(student.statusCode).toBe(201);
    const users = await api('GET', '/api/users?per_page=100');
    expect(users.statusCode).toBe(200);
    const names = users.json().data.map((u: { name: string }) => u.name);
    expect(names).not.toContain('Account Check');
    expect(names.length).toBeGreaterThan(0);
    expect(users.json().data.every((u: { email: string | null }) => u.email !== null)).toBe(true);
  });
});
