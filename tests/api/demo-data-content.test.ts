import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ANSWER_KINDS } from '../../src/common/questions/index';
import { seedDemo } from '../../src/server/demo/seed-demo';
import { call } from '../helpers/api-client';
import { signIn } from '../helpers/factories';
import { uploadRoster } from '../helpers/roster-files';
import { author, get, t, useDemoData } from './demo-data-app';

useDemoData();

describe('demo data', () => {
  it('holds both platforms with every settings list, named in English and Arabic', async () => {
    const platforms = (await get('/api/platforms')).data as {
      id: number;
      identifier: string;
      name_en: string;
      name_ar: string;
    }[];
    expect(platforms.map((p) => p.identifier)).toEqual(['IRA', 'ISA']);
    for (const platform of platforms) {
      const count = async (resource: string) =>
        (await get(`/api/${resource}?platform_id=${platform.id}&per_page=100`)).data.length;
      expect(platform.name_ar).toMatch(/[\u0600-\u06FF]/);
      expect(await count('skills')).toBe(4);
      expect(await count('rounds')).toBe(3);
      expect(await count(platform.identifier === 'IRA' ? 'grades' : 'levels')).toBe(4);
      expect(await count('durations')).toBe(4);
      expect(await count('question-types')).toBe(4);
      expect(await count('difficulty-levels')).toBe(3);
      expect(await count('cognitive-levels')).toBe(4);
      expect(await count('depth-of-knowledges')).toBe(4);
      expect(await count('learning-outcomes')).toBe(16);
      const types = (await get(`/api/exam-types?platform_id=${platform.id}`)).data as { is_mock: boolean }[];
      expect(types.filter((type) => type.is_mock)).toHaveLength(1);
      const skills = (await get(`/api/skills?platform_id=${platform.id}`)).data as {
        name_en: string;
        name_ar: string;
      }[];
      expect(skills.map((s) => s.name_en)).toEqual(['Reading', 'Writing', 'Listening', 'Speaking']);
      expect(skills.map((s) => s.name_ar)).toEqual(['القراءة', 'الكتابة', 'الاستماع', 'التحدث']);
    }
    expect((await get('/api/academic-years')).data.map((y: { name_en: string }) => y.name_en)).toContain('2026-2027');
  });

  it('has a bank with the ten answer types in Arabic and in English, with a picture and a listening clip that play back', async () => {
    const questions = (await get('/api/questions-bank?per_page=100')).data as {
      answer_type: string;
      content_language: string;
      media_type: string;
      media_url: string | null;
    }[];
    for (const language of ['ar', 'en']) {
      const kinds = new Set(questions.filter((q) => q.content_language === language).map((q) => q.answer_type));
      expect([...kinds].sort(), language).toEqual([...ANSWER_KINDS].sort());
    }
    for (const [type, mime] of [
      ['image', 'image/png'],
      ['audio', 'audio/wav'],
    ]) {
      const withMedia = questions.find((q) => q.media_type === type)!;
      const file = await t.app.inject({ method: 'GET', url: withMedia.media_url!, headers: { cookie: author } });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(mime);
      expect(file.rawPayload.length).toBeGreaterThan(2_000);
    }
  });

  it('has a published exam per platform, a draft, and a published localized exam for Saudi Arabia', async () => {
    const exams = (await get('/api/exams?per_page=100')).data as {
      id: number;
      platform_id: number;
      is_published: boolean;
      total_questions_mark: number;
    }[];
    const platforms = (await get('/api/platforms')).data as { id: number }[];
    for (const platform of platforms)
      expect(
        exams.some((e) => e.platform_id === platform.id && e.is_published),
        String(platform.id),
      ).toBe(true);
    expect(exams.some((e) => !e.is_published)).toBe(true);
    const localized = await Promise.all(
      exams.map(
        async (e) =>
          (await get(`/api/exams/${e.id}/localizations`)).data as { is_published: boolean; countries: string[] }[],
      ),
    );
    expect(localized.flat()).toEqual([expect.objectContaining({ is_published: true, countries: ['SA'] })]);
  });

  it('loads once: a second start changes nothing', async () => {
    const before = (await t.db.selectFrom('questions').select('id').execute()).length;
    expect(await seedDemo(t.app)).toBeNull();
    expect((await t.db.selectFrom('questions').select('id').execute()).length).toBe(before);
  });

  it('lets the author build and publish a new exam from demo data alone, in either language', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const platform = ((await get('/api/platforms')).data as { id: number; identifier: string }[])[0];
      const form = (
        await call(t.app, 'POST', '/api/exams/form', { platform_id: platform.id }, { cookie: author, lang })
      ).json().data;
      const bank = (await get(`/api/questions-bank?platform_id=${platform.id}&per_page=100`)).data as {
        id: number;
        skill_id: number;
      }[];
      const skill = form.skills[0].id as number;
      const created = await call(
        t.app,
        'POST',
        '/api/exams',
        {
          name_en: `My first exam (${lang})`,
          name_ar: 'اختباري الأول',
          platform_id: platform.id,
          duration_id: form.durations[0].id,
          grade_id: form.grades[0].id,
          level_id: null,
          round_id: form.rounds[0].id,
          exam_type_id: form.examTypes[0].id,
          skill_ids: [skill],
          start_date_time: '2027-01-10 08:00:00',
          end_date_time: '2027-01-10 12:00:00',
          min_mark: 0,
          max_mark: 100,
          pass_mark: 50,
          questions_per_page: 0,
        },
        { cookie: author, lang },
      );
      expect(created.statusCode, created.body).toBe(201);
      const examId = created.json().data.id;
      const questionIds = bank
        .filter((q) => q.skill_id === skill)
        .map((q) => q.id)
        .slice(0, 3);
      expect(questionIds.length).toBeGreaterThan(0);
      expect(
        (
          await call(
            t.app,
            'POST',
            `/api/exams/${examId}/questions/assign`,
            { question_ids: questionIds },
            { cookie: author, lang },
          )
        ).statusCode,
      ).toBe(200);
      const published = await call(t.app, 'PUT', `/api/exams/${examId}/publish`, undefined, { cookie: author, lang });
      expect(published.statusCode, published.body).toBe(200);
      expect((await get(`/api/exams/${examId}`)).data.is_published).toBe(true);
    }
  });

  it('gives the demo student an available exam with every answer type, an adaptive one, an upcoming one and a mock test', async () => {
    const student = await signIn(t.app, { email: 'student@example.com', password: 'Demo@2026' });
    const list = await call(t.app, 'GET', '/api/student/exams', undefined, { cookie: student });
    expect(list.statusCode, list.body).toBe(200);
    const exams = list.json().data as {
      id: number;
      status: string;
      exam: { is_mock: boolean; question_count: number; name_en: string };
    }[];
    // The benchmark, the adaptive reading check (issue 43), the mock test and the upcoming writing benchmark.
    expect(exams.map((e) => [e.status, e.exam.is_mock]).sort()).toEqual(
      [
        ['available', false],
        ['available', false],
        ['available', true],
        ['upcoming', false],
      ].sort(),
    );
    const adaptive = exams.find((e) => e.exam.name_en === 'Adaptive Reading Check, Grade 4')!;
    expect(adaptive.status).toBe('available');
    const begun = await call(t.app, 'POST', `/api/student/exams/${adaptive.id}/start`, undefined, { cookie: student });
    expect(begun.statusCode, begun.body).toBe(200);
    expect(begun.json().data.adaptive).toEqual({ answered: 0, finished: false });
    expect(begun.json().data.questions).toHaveLength(1);
    const full = exams.find((e) => e.status === 'available' && !e.exam.is_mock && e.id !== adaptive.id)!;
    const started = await call(t.app, 'POST', `/api/student/exams/${full.id}/start`, undefined, { cookie: student });
    expect(started.statusCode, started.body).toBe(200);
    const kinds = new Set(started.json().data.questions.map((q: { answer_type: string }) => q.answer_type));
    expect([...kinds].sort()).toEqual([...ANSWER_KINDS].sort());
  });

  it('gives the corrector work at once: essays and spoken answers waiting, one corrected, one in progress', async () => {
    const corrector = await signIn(t.app, { email: 'corrector@example.com', password: 'Demo@2026' });
    const exams = (await get('/api/exams?per_page=100')).data as { id: number; name_en: string }[];
    const speaking = exams.find((e) => e.name_en === 'Arabic Writing and Speaking Benchmark, Grade 4')!;
    const response = await call(t.app, 'GET', `/api/exams/${speaking.id}/assigned/students?per_page=100`, undefined, {
      cookie: corrector,
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json().data as { student_id: number; student_status: { key: string } | null }[];
    const count = (key: string) => rows.filter((r) => r.student_status?.key === key).length;
    expect(count('corrected')).toBe(1);
    expect(count('in_progress')).toBe(1);
    expect(count('not_corrected')).toBeGreaterThanOrEqual(2);
    const waiting = rows.find((r) => r.student_status?.key === 'not_corrected')!;
    const correction = (
      await call(t.app, 'GET', `/api/exams/${speaking.id}/students/${waiting.student_id}/correction`, undefined, {
        cookie: corrector,
      })
    ).json().data;
    const kinds = correction.questions.map((q: { answer_type: string }) => q.answer_type);
    expect(kinds).toEqual(expect.arrayContaining(['essay', 'audio_response']));
    const spoken = correction.questions.find((q: { answer_type: string }) => q.answer_type === 'audio_response');
    const audio = await t.app.inject({
      method: 'GET',
      url: spoken.items[0].recording.url,
      headers: { cookie: corrector },
    });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/wav');
  });

  it('has an exam marked anonymously by two blind markers, the first marks given by the corrector', async () => {
    const corrector = await signIn(t.app, { email: 'corrector@example.com', password: 'Demo@2026' });
    const admin = await signIn(t.app, { email: 'admin@example.com', password: 'Demo@2026' });
    const exams = (await get('/api/exams?per_page=100')).data as { id: number; name_en: string }[];
    const blind = exams.find((e) => e.name_en.endsWith('(anonymous, double marked)'))!;
    const list = async (cookie: string) =>
      (
        await call(t.app, 'GET', `/api/exams/${blind.id}/assigned/students?sort=name&order=asc`, undefined, { cookie })
      ).json().data as { code: string; student_id: number | null; student_status: { key: string } | null }[];
    const rows = await list(corrector);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.every((r) => r.student_id === null && /^[0-9A-F]{12}$/.test(r.code))).toBe(true);
    // The corrector marked every part of one submitted attempt: by their own sheet, corrected.
    const marked = rows.filter((r) => r.student_status?.key === 'corrected');
    expect(marked).toHaveLength(1);
    const opened = await call(
      t.app,
      'GET',
      `/api/exams/${blind.id}/anonymous/${marked[0].code}/correction`,
      undefined,
      {
        cookie: admin,
      },
    );
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.marker).toMatchObject({ role: 'second', version: 0, can_save: true });
    expect(opened.json().data.result.basis).toBe('own_sheet');
  });

  it('gives every student an account (s1001…, the demo password), and its sample roster dry-runs clean', async () => {
    const students = await t.db
      .selectFrom('students')
      .leftJoin('users', 'users.id', 'students.user_id')
      .select(['students.student_number', 'users.username'])
      .orderBy('students.id')
      .execute();
    expect(students.length).toBeGreaterThan(30);
    for (const student of students) expect(student.username).toBe(student.student_number.toLowerCase());
    for (const login of ['s1002', students.at(-1)!.username!]) {
      const response = await call(t.app, 'POST', '/api/login', { email: login, password: 'Demo@2026' });
      expect(response.statusCode, login).toBe(200);
    }
    const admin = await signIn(t.app, { email: 'admin@example.com', password: 'Demo@2026' });
    const sample = fs.readFileSync(new URL('../../docs/samples/roster-sample-ar.csv', import.meta.url));
    const dry = await uploadRoster(t.app, admin, { name: 'roster-sample-ar.csv', content: sample }, 'dry_run', 'ar');
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data.summary).toEqual({
      create: 5,
      update: 0,
      unchanged: 0,
      errors: 0,
      incomplete: 0,
      skipped: 0,
      new_classes: 0,
    });
  });
});
