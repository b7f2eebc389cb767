import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/server/clock';
import { call } from '../../helpers/api-client';
import { createTestApp } from '../../helpers/test-app';
import { markFirstCode, NOW, scene, useAnonymousScene } from './anonymous-scene';

/**
 * Anonymous marking's two sides (the scene of anonymous-scene.ts): a marker who read the students
 * by name may not mark by code, and one who read by code may not read them by name.
 */
useAnonymousScene();

describe('anonymous marking as a property', () => {
  it('refuses the marking to whoever read the students by name first, whichever named view they read', async () => {
    const exam = `/api/exams/${scene.examId}`;
    const readers = [
      { who: 'marker and author', cookie: scene.correctorAuthor, read: `${exam}/monitor` },
      { who: 'marker and school staff', cookie: scene.correctorSchool, read: `${exam}/monitor` },
      {
        who: "marker and school staff, by a student's profile",
        cookie: scene.correctorSchool,
        read: `/api/students/${scene.students[0].id}/profile`,
      },
      { who: 'administrator', cookie: scene.admin, read: `${exam}/results/export?format=csv` },
    ];
    for (const reader of readers) {
      const world = await createTestApp({}, new ManualClock(NOW), scene.frozen);
      try {
        const named = await call(world.app, 'GET', reader.read, undefined, { cookie: reader.cookie });
        expect(named.statusCode, reader.who).toBe(200);
        const saves = await markFirstCode(world, reader.cookie);
        expect(
          saves.slice(0, 2).map((s) => s.status),
          reader.who,
        ).toEqual([403, 403]);
        expect(JSON.parse(saves[0].body).message).toContain('by name');
        for (const path of [
          `${exam}/anonymous/${scene.codes[0]}/correction`,
          `${exam}/anonymous/${scene.codes[0]}/recordings/${scene.essayId}`,
        ]) {
          const refused = await call(world.app, 'GET', path, undefined, { cookie: reader.cookie });
          expect(refused.statusCode, `${reader.who}: ${path}`).toBe(403);
        }
        const marks = await world.db.selectFrom('correction_marks').select('attempt_id').execute();
        expect(marks, reader.who).toEqual([]);
        // A plain corrector, who reads no one by name, marks on.
        expect((await markFirstCode(world, scene.corrector)).slice(0, 2).map((s) => s.status)).toEqual([200, 200]);
      } finally {
        await world.close();
      }
    }
  }, 300_000);

  it('refuses the named views to whoever read by code first, without saving, and lets one side of two at once win', async () => {
    const exam = `/api/exams/${scene.examId}`;
    const world = await createTestApp({}, new ManualClock(NOW), scene.frozen);
    try {
      const as = (path: string, cookie: string) => call(world.app, 'GET', path, undefined, { cookie });
      // Reading the codes' list (or one code's answers) is the code side, saved or not.
      expect((await as(`${exam}/assigned/students`, scene.correctorAuthor)).statusCode).toBe(200);
      const monitor = await as(`${exam}/monitor`, scene.correctorAuthor);
      expect(monitor.statusCode).toBe(403);
      expect(monitor.json().message).toContain('anonymously');
      expect((await as(`${exam}/anonymous/${scene.codes[0]}/correction`, scene.correctorSchool)).statusCode).toBe(200);
      const profile = await as(`/api/students/${scene.students[0].id}/profile`, scene.correctorSchool);
      expect(profile.statusCode).toBe(200);
      // The anonymous exam shows veiled: no submission time, correction status or result.
      const entry = (profile.json().data.exams as { exam: { id: number }; submitted_at: string | null }[]).find(
        (row) => row.exam.id === scene.examId,
      );
      expect(entry).toMatchObject({ submitted_at: null, correction_status: null, total: null });

      // The administrator asks for both at once: one side wins, the other is refused.
      const [named, coded] = await Promise.all([
        as(`${exam}/monitor`, scene.admin),
        as(`${exam}/anonymous/${scene.codes[0]}/correction`, scene.admin),
      ]);
      expect([named.statusCode, coded.statusCode].sort()).toEqual([200, 403]);
      const sides = await world.db
        .selectFrom('anonymous_marking_sides')
        .select(['side'])
        .where('exam_id', '=', scene.examId)
        .execute();
      expect(sides).toHaveLength(3);
    } finally {
      await world.close();
    }
  }, 120_000);
});
