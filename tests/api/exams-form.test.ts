import { describe, expect, it } from 'vitest';
import { buildExamLookups, examBody } from '../helpers/exam-factory';
import { api, createExam, l, registry, t, useExamsApp } from './exams-app';

useExamsApp();

describe('the exam form', () => {
  it('creates an exam: name from name_en, times as YYYY-MM-DD HH:mm:ss, relations and totals on read', async () => {
    const exam = await createExam();
    expect(exam).toMatchObject({
      name: 'Reading benchmark',
      start_date_time: '2026-12-01 08:00:00',
      end_date_time: '2026-12-01 12:00:00',
      is_published: false,
      min_mark: 0,
      max_mark: 100,
      pass_mark: 50,
      questions_per_page: 2,
      duration_minutes: 45,
      skill_ids: [l.skill.id],
      grade: { id: l.grade!.id },
      level: null,
      round: { id: l.round.id },
      type: { id: l.examType.id },
      platform: { id: l.platform.id },
      total_mark: 0,
    });
    // Stored as an instant: 08:00 in Asia/Dubai is 04:00 UTC.
    const row = await t.db
      .selectFrom('exams')
      .select('start_date_time')
      .where('id', '=', exam.id)
      .executeTakeFirstOrThrow();
    expect(new Date(row.start_date_time).toISOString()).toBe('2026-12-01T04:00:00.000Z');
  });

  it('gives every spec message for an empty form, in English and Arabic', async () => {
    const en = await api('POST', '/api/exams', { name_en: '', name_ar: '', skill_ids: [] });
    expect(en.statusCode).toBe(422);
    expect(en.json().errors).toEqual({
      name_en: ['Exam name in English is required'],
      name_ar: ['Exam name in Arabic is required'],
      platform_id: ['Platform is required'],
      duration_id: ['Exam duration is required'],
      round_id: ['Exam round is required'],
      exam_type_id: ['Exam type is required'],
      skill_ids: ['Exam skill is required'],
      start_date_time: ['Exam start time is required'],
      end_date_time: ['Exam end time is required'],
      min_mark: ['Exam minimum mark is required'],
      max_mark: ['Exam maximum mark is required'],
      pass_mark: ['Exam pass mark is required'],
      questions_per_page: ['Questions per page is required'],
    });
    const ar = await api('POST', '/api/exams', {}, 'ar');
    expect(ar.json().errors.name_ar).toEqual(['اسم الاختبار باللغة العربية مطلوب']);
    expect(ar.json().errors.skill_ids).toEqual(['مهارة الاختبار مطلوبة']);
  });

  it('keeps marks within 0 to 100, the pass mark between min and max, and the end after the start', async () => {
    const marks = await api('POST', '/api/exams', examBody(l, { max_mark: 101, min_mark: -1 }));
    expect(marks.json().errors).toMatchObject({
      max_mark: ['Marks must be between 0 and 100'],
      min_mark: ['Marks must be between 0 and 100'],
    });
    const pass = await api('POST', '/api/exams', examBody(l, { min_mark: 40, pass_mark: 30 }));
    expect(pass.json().errors).toEqual({ pass_mark: ['Exam pass mark must be between the minimum and maximum marks'] });
    const times = await api('POST', '/api/exams', examBody(l, { end_date_time: '2026-12-01 07:00:00' }), 'ar');
    expect(times.json().errors).toEqual({ end_date_time: ['يجب أن يكون وقت انتهاء الاختبار بعد وقت بدئه'] });
    const bogus = await api('POST', '/api/exams', examBody(l, { start_date_time: '2026-02-30 08:00:00' }));
    expect(bogus.json().errors.start_date_time).toEqual(['This value is not valid']);
  });

  it('requires the grade on IRA and the level on ISA', async () => {
    const ira = await api('POST', '/api/exams', examBody(l, { grade_id: null }));
    expect(ira.json().errors).toEqual({ grade_id: ['Exam grade is required'] });
    const isa = await buildExamLookups(t.db, registry, 'ISA');
    const noLevel = await api('POST', '/api/exams', examBody(isa, { level_id: null }));
    expect(noLevel.json().errors).toEqual({ level_id: ['Exam level is required'] });
    const ok = await api('POST', '/api/exams', examBody(isa, { grade_id: l.grade!.id }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ grade_id: null, level: { id: isa.level!.id } });
  });

  it('refuses lookups and skills of another platform', async () => {
    const other = await buildExamLookups(t.db, registry);
    const response = await api(
      'POST',
      '/api/exams',
      examBody(l, { round_id: other.round.id, skill_ids: [other.skill.id] }),
    );
    expect(response.json().errors).toEqual({
      round_id: ['The selected item does not exist on this platform'],
      skill_ids: ['The selected item does not exist on this platform'],
    });
  });

  it('returns the form lookups of a platform', async () => {
    const response = await api('POST', '/api/exams/form', { platform_id: l.platform.id });
    const data = response.json().data;
    expect(Object.keys(data).sort()).toEqual([
      'academicYears',
      'durations',
      'examTypes',
      'grades',
      'levels',
      'rounds',
      'skills',
    ]);
    expect(data.durations.map((d: { id: number }) => d.id)).toContain(l.duration.id);
    expect(data.skills.every((s: { platform_id: number }) => s.platform_id === l.platform.id)).toBe(true);
  });

  it('updates a draft exam and lists with filters and search', async () => {
    const exam = await createExam({ name_en: 'Listening zulu' });
    const updated = await api('PUT', `/api/exams/${exam.id}`, { ...exam, name_en: 'Listening yankee' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.name).toBe('Listening yankee');
    const ids = async (q: string) => (await api('GET', `/api/exams?${q}`)).json().data.map((e: { id: number }) => e.id);
    expect(await ids(`platform_id=${l.platform.id}&search=yankee`)).toEqual([exam.id]);
    expect(await ids(`platform_id=${l.platform.id}&filter[skill_id]=${l.skill.id}&filter[id]=${exam.id}`)).toEqual([
      exam.id,
    ]);
    const published = await api(
      'GET',
      `/api/exams?platform_id=${l.platform.id}&filter[is_published]=true&filter[id]=${exam.id}`,
    );
    expect(published.json().data, published.body).toEqual([]);
  });
});
