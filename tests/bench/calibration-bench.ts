/**
 * `npm run bench:calibration` (issue 42): a calibration of 3 exams × 10,000 students × 40 questions
 * on one reporting scale, cold (a fresh process and database), and the scaled scores of 10,000
 * students at release from the stored parameters.
 * 1. Seeds three exams of one platform and skill (exam 1's 40 questions; exams 2 and 3 share 10 of
 *    them and add 30 of their own), each sat by 10,000 corrected students simulated by the Rasch model.
 * 2. Times a calibration of the three as the job runs it (goal: under 10 s cold), in both designs:
 *    concurrent (one multiple-group calibration, exam 1's students the origin) and separate (exam 1
 *    the scale's origin, exams 2 and 3 linked by their anchors with a fixed-parameter calibration).
 *    The first (BENCH_DESIGN, concurrent unless `separate`) runs cold, the second warm.
 * 3. Times the scaled scores of exam 3's 10,000 students from the stored parameters (what a report reads).
 * PGlite by default; `BENCH_DATABASE_URL` (an admin URL) runs it on PostgreSQL in a database it
 * creates and drops.
 */
import { sql } from 'kysely';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { readScales, runCalibration } from '../../src/server/scales/index';
import {
  abilitiesAround,
  buildCalibrationBase,
  buildLinkedExam,
  sitCalibrationExam,
} from '../helpers/calibration-scene';
import { ADMIN_URL, benchDatabase, machine } from './bench-world';

const STUDENTS = Number(process.env.BENCH_STUDENTS) || 10_000;
const ITEMS = 40;
const SHARED = [0, 4, 8, 12, 16, 20, 24, 28, 32, 36];

const seconds = (since: number) => (performance.now() - since) / 1000;

async function main() {
  console.log(`${new Date().toISOString()}  ${machine()}`);
  console.log(`database: ${ADMIN_URL ? 'postgres' : 'pglite'}, 3 exams × ${STUDENTS} students × ${ITEMS} questions\n`);
  const bench = await benchDatabase('calibration');
  const { handle } = bench;
  try {
    const registry = await loadSchemaRegistry();
    let started = performance.now();
    const base = await buildCalibrationBase(handle.db, registry, ITEMS);
    const difficulties = Array.from({ length: ITEMS }, (_, i) => -2 + (4 * i) / (ITEMS - 1));
    const forms = [{ id: base.first.exam.id, questions: base.first.questions, truth: difficulties, mean: 0 }];
    for (const [k, mean] of [0.3, 0.6].entries()) {
      const form = await buildLinkedExam(handle.db, base, SHARED, ITEMS - SHARED.length);
      const own = Array.from({ length: ITEMS - SHARED.length }, (_, i) => -1.5 + k * 0.3 + (3.6 * i) / 29);
      forms.push({
        id: form.exam.id,
        questions: form.questions,
        truth: [...SHARED.map((i) => difficulties[i]), ...own],
        mean,
      });
    }
    for (const [k, form] of forms.entries())
      await sitCalibrationExam(handle.db, base, form, abilitiesAround(k + 1, STUDENTS, form.mean), form.truth, 100 + k);
    if (ADMIN_URL) await sql`analyze`.execute(handle.db);
    console.log(
      `seeded ${forms.length} exams and ${forms.length * STUDENTS} corrected attempts in ${seconds(started).toFixed(1)} s`,
    );

    // The design asked for runs first, in a fresh process (cold); the other one after it (warm).
    const first = process.env.BENCH_DESIGN === 'separate' ? 'separate' : 'concurrent';
    for (const [order, design] of [first, first === 'separate' ? 'concurrent' : 'separate'].entries()) {
      // Each design on an empty bank, as the scale's first calibration.
      await handle.db.updateTable('scales').set({ anchor_calibration_id: null }).execute();
      await handle.db.deleteFrom('item_parameters').execute();
      const { id } = await handle.db
        .insertInto('calibrations')
        .values({
          scale_id: base.scale.id,
          method: 'origin',
          design: design as 'separate' | 'concurrent',
          exam_ids: JSON.stringify(forms.map((f) => f.id)),
          created_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      started = performance.now();
      await runCalibration(handle.db, id);
      const took = seconds(started);
      const done = await handle.db
        .selectFrom('calibrations')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const results = (typeof done.results === 'string' ? JSON.parse(done.results) : done.results) as {
        role: string;
        mean: number | null;
        stable: unknown[];
        dropped: unknown[];
        iterations: number;
      }[];
      console.log(
        `${design} calibration of ${forms.length} exams: ${took.toFixed(2)} s ${order === 0 ? 'cold' : 'warm'} (goal: under 10 s), status ${done.status}`,
      );
      for (const [k, exam] of results.entries())
        console.log(
          `  exam ${k + 1}: ${exam.role}, students' mean ${exam.mean?.toFixed(3)} (true ${forms[k].mean}), ${exam.stable.length} stable and ${exam.dropped.length} dropped anchors, ${exam.iterations} EM cycles`,
        );
    }

    started = performance.now();
    const [reading] = await readScales(handle.db, forms[2].id);
    console.log(
      `scaled scores of ${reading.abilities.size} students from the stored parameters: ${(seconds(started) * 1000).toFixed(0)} ms`,
    );
  } finally {
    await bench.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
