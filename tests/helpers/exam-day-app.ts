import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { SchemaRegistry } from '../../schemas/index';
import { ManualClock } from '../../src/server/clock';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { createTestApp, type TestContext } from './test-app';

/** The exam-day tests' morning: 9:00 on a day inside the scene's window (exam-day-scene.ts). */
export const EXAM_DAY_MORNING = '2026-06-05T09:00:00Z';

/** The application clock of the exam-day tests: set back to the morning before each test. */
export const clock = new ManualClock(new Date(EXAM_DAY_MORNING));
export let t: TestContext;
export let registry: SchemaRegistry;

/** A test app on the exam-day clock for the calling file, and the schema registry its scenes need. */
export function useExamDayApp() {
  beforeAll(async () => {
    t = await createTestApp({}, clock);
    registry = await loadSchemaRegistry();
  }, 60_000);
  afterAll(() => t.close());
  beforeEach(() => clock.set(EXAM_DAY_MORNING));
}
