import { describe, expect, it } from 'vitest';
import { finalizeDueAttempts } from '../../../src/server/delivery/index';
import { call } from '../../helpers/api-client';
import { buildCorrectionScene } from '../../helpers/correction-factory';
import { signInStudent } from '../../helpers/delivery-factory';
import { allManual, clock, corrector, list, registry, save, t, useCorrectionApp } from './correction-app';

useCorrectionApp();

describe('the assigned-students list', () => {
  it('lists every assigned student with both statuses, sorted by id descending, and filters them', async () => {
    const scene = await buildCorrectionScene(t.app, t.db, registry, { count: 4, unsubmitted: 1 });
    const response = await list(scene);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.meta).toMatchObject({ current_page: 1, total: 4 });
    const ids = body.data.map((row: { id: number }) => row.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const absentee = body.data.find((row: { student_id: number }) => row.student_id === scene.students[3].id);
    expect(absentee).toMatchObject({
      exam_status: { id: 1, key: 'not_started', name_en: 'Not started', name_ar: 'لم يبدأ' },
      student_status: null,
      total: null,
      school: { id: scene.school.id },
      student: { school_id: scene.school.id, school_class_id: scene.schoolClass.id },
      start_date_time: '2026-06-02 08:00:00',
    });
    const first = body.data.find((row: { student_id: number }) => row.student_id === scene.students[0].id);
    expect(first).toMatchObject({
      exam_status: { id: 3, key: 'submitted' },
      student_status: { id: 1, key: 'not_corrected', name_ar: 'لم يُصحَّح' },
      total_mark: 100,
      pass_mark: 50,
      total: null,
    });

    const submitted = (await list(scene, '?filter[exam_status_id]=3')).json();
    expect(submitted.meta.total).toBe(3);
    const notStarted = (await list(scene, '?filter[exam_status_id]=1,5')).json();
    expect(notStarted.data.map((r: { student_id: number }) => r.student_id)).toEqual([scene.students[3].id]);
    const bySchool = (
      await list(
        scene,
        `?filter[student.school_id]=${scene.school.id}&filter[student.school_class_id]=${scene.schoolClass.id}`,
      )
    ).json();
    expect(bySchool.meta.total).toBe(4);
    expect((await list(scene, '?filter[student.school_id]=999999')).json().meta.total).toBe(0);
    const searched = (await list(scene, `?search=${encodeURIComponent(scene.students[2].name)}`)).json();
    expect(searched.data.map((r: { student_id: number }) => r.student_id)).toEqual([scene.students[2].id]);
    const paged = (await list(scene, '?per_page=2&page=2&sort=name&order=asc')).json();
    expect(paged.meta).toMatchObject({ current_page: 2, last_page: 2, per_page: 2 });
    const names = [...scene.students].map((s) => s.name).sort((a, b) => a.localeCompare(b, 'en'));
    expect(paged.data.map((r: { name: string }) => r.name)).toEqual(
      (await list(scene, '?per_page=4&sort=name&order=asc'))
        .json()
        .data.slice(2)
        .map((r: { name: string }) => r.name),
    );
    expect(names).toHaveLength(4);
  });

  it('keeps the previous and next students in the list order and filters, even for a student the filters no longer take', async () => {
    const scene = await buildCorrectionScene(t.app, t.db, registry, { count: 4, unsubmitted: 1 });
    const ordered = (await list(scene, '?sort=name&order=asc&filter[exam_status_id]=3'))
      .json()
      .data.map((r: { student_id: number }) => r.student_id);
    expect(ordered).toHaveLength(3);
    const around = async (student: number, query: string) =>
      (
        await call(
          t.app,
          'GET',
          `/api/exams/${scene.exam.id}/assigned/students/${student}/neighbours${query}`,
          undefined,
          {
            cookie: corrector,
          },
        )
      ).json().data;
    expect(await around(ordered[1], '?sort=name&order=asc&filter[exam_status_id]=3')).toEqual({
      previous: ordered[0],
      next: ordered[2],
      position: 2,
      total: 3,
    });
    expect(await around(ordered[0], '?sort=name&order=asc&filter[exam_status_id]=3')).toMatchObject({ previous: null });
    // Corrected while the list shows the students not corrected: the way on is kept.
    await save(scene, ordered[1], 0, allManual(scene));
    const query = '?sort=name&order=asc&filter[student_exam_status_id]=1';
    expect(await around(ordered[1], query)).toMatchObject({ previous: ordered[0], next: ordered[2], total: 2 });
    const missing = await call(
      t.app,
      'GET',
      `/api/exams/${scene.exam.id}/assigned/students/999999/neighbours`,
      undefined,
      {
        cookie: corrector,
      },
    );
    expect(missing.statusCode).toBe(404);
  });

  it('follows the student through not started, in progress, submitted automatically and absent', async () => {
    const scene = await buildCorrectionScene(t.app, t.db, registry, { count: 3, unsubmitted: 2 });
    const statusOf = async (student: number) =>
      (await list(scene)).json().data.find((r: { student_id: number }) => r.student_id === student).exam_status.key;
    const assignment = await t.db
      .selectFrom('student_exams')
      .select('id')
      .where('exam_id', '=', scene.exam.id)
      .where('student_id', '=', scene.students[1].id)
      .executeTakeFirstOrThrow();
    const cookie = await signInStudent(t.app, t.db, scene.students[1].id);
    expect(await statusOf(scene.students[1].id)).toBe('not_started');
    await call(t.app, 'POST', `/api/student/exams/${assignment.id}/start`, undefined, { cookie });
    expect(await statusOf(scene.students[1].id)).toBe('in_progress');
    clock.set('2026-06-05T11:00:00Z');
    await finalizeDueAttempts(t.db, clock.now(), 0);
    expect(await statusOf(scene.students[1].id)).toBe('auto_submitted');
    clock.set('2026-06-21T09:00:00Z');
    expect(await statusOf(scene.students[2].id)).toBe('absent');
  });

  it('marks a student absent once the window closes without a start', async () => {
    const scene = await buildCorrectionScene(t.app, t.db, registry, { count: 2, unsubmitted: 1 });
    clock.set('2026-06-21T09:00:00Z');
    const rows = (await list(scene, '?filter[exam_status_id]=5')).json().data;
    expect(rows.map((r: { student_id: number }) => r.student_id)).toEqual([scene.students[1].id]);
    expect(rows[0].exam_status).toMatchObject({ key: 'absent', name_en: 'Absent' });
  });

  it('refuses malformed filters and sorts with 400 and changes nothing', async () => {
    const scene = await buildCorrectionScene(t.app, t.db, registry, { count: 1 });
    for (const query of [
      '?filter[exam_status_id]=6',
      '?filter[student_exam_status_id]=0',
      '?filter[student.school_id]=abc',
      '?filter[student.school_id]=1;drop',
      '?sort=password',
      '?order=sideways',
      '?per_page=1000',
      '?filter[needs_deciding]=maybe',
    ]) {
      const response = await list(scene, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toHaveProperty('errors');
    }
  });

  it('answers 404 for an unknown exam', async () => {
    const response = await call(t.app, 'GET', '/api/exams/999999/assigned/students', undefined, { cookie: corrector });
    expect(response.statusCode).toBe(404);
  });
});
