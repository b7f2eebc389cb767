import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { SchemaRegistry } from '../../../schemas/index';
import { ROLES } from '../../../src/common/permissions';
import { ManualClock } from '../../../src/server/clock';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { call } from '../../helpers/api-client';
import { buildCorrectionScene } from '../../helpers/correction-factory';
import { buildUser, signIn } from '../../helpers/factories';
import { createTestApp, type TestContext } from '../../helpers/test-app';

/** The correction tests' clock: set back to 9:00 on a day inside the window before each test. */
export const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
export let t: TestContext;
export let registry: SchemaRegistry;
/** A corrector, Carla Corrector, signed in. */
export let corrector: string;

/** A test app on the clock for the calling file, with a corrector signed in. */
export function useCorrectionApp() {
  beforeAll(async () => {
    t = await createTestApp({}, clock);
    registry = await loadSchemaRegistry();
    corrector = await signIn(t.app, await buildUser(t.db, { role: ROLES.corrector, name: 'Carla Corrector' }));
  }, 60_000);
  afterAll(() => t.close());
  beforeEach(() => clock.set('2026-06-05T09:00:00Z'));
}

export type Scene = Awaited<ReturnType<typeof buildCorrectionScene>>;
/** The exam's assigned students, as the list asks for them. */
export const list = (scene: Scene, query = '', cookie = corrector) =>
  call(t.app, 'GET', `/api/exams/${scene.exam.id}/assigned/students${query}`, undefined, { cookie });
/** A student's correction screen. */
export const view = (scene: Scene, studentId: number, cookie = corrector) =>
  call(t.app, 'GET', `/api/exams/${scene.exam.id}/students/${studentId}/correction`, undefined, { cookie });
/** Saves marks on a student's attempt, read at `version`; as the corrector unless told. */
export const save = (
  scene: Scene,
  studentId: number,
  version: number,
  corrections: unknown[],
  cookie = corrector,
  lang = 'en',
) =>
  call(
    t.app,
    'POST',
    '/api/exams/submit/correction',
    { exam_id: scene.exam.id, student_id: studentId, version, corrections },
    { cookie, headers: { 'accept-language': lang } },
  );

/** Marks for every manual item of the scene's attempts: essay, recording, the paragraph's essay. */
export const allManual = (scene: Scene, marks = [3, 2.5, 1]) => [
  { question_id: scene.q.essay.id, mark: marks[0], comment: 'Clear ideas' },
  { question_id: scene.q.spoken.id, mark: marks[1], comment: null },
  { question_id: scene.q.paragraph.id, part: 'w1', mark: marks[2] },
];
