import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { answerSaveStats } from '../delivery';
import { benchProfiler } from './bench-profiler';

/**
 * `PUT /api/bench/baseline`: the delivery benchmark's yardstick (issue 12), an upsert of one row
 * with no session, permission or validation beyond the shape. Registered only when the benchmark
 * starts the server in its own mode (`BENCH_BASELINE_ROUTE=1`), never in a normal start; a test
 * proves it is absent otherwise. `GET /api/bench/save-groups`: the group commit's figures (statements
 * written, saves they carried), so that the benchmark can say how large its groups were.
 * `POST /api/bench/profile/{start,stop}`: a V8 CPU profile of this process over one phase (issue 44).
 */
export const benchBaselineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onReady', async () => {
    await sql`create table if not exists bench_baseline (id integer primary key, payload jsonb not null, seq integer not null)`.execute(
      app.db,
    );
  });
  app.put(
    '/bench/baseline',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        body: z.strictObject({
          id: z.number().int().min(1).max(2_147_483_647),
          payload: z.unknown(),
          seq: z.number().int(),
        }),
      },
    },
    async (request) => {
      const { id, payload, seq } = request.body;
      await sql`insert into bench_baseline (id, payload, seq) values (${id}, ${JSON.stringify(payload ?? null)}, ${seq})
        on conflict (id) do update set payload = excluded.payload, seq = excluded.seq`.execute(app.db);
      return { data: { id, seq } };
    },
  );
  const profiler = benchProfiler();
  app.addHook('onClose', () => profiler.close());
  app.post(
    '/bench/profile/:action',
    { config: { access: 'public' }, schema: { hide: true, params: z.object({ action: z.enum(['start', 'stop']) }) } },
    async (request) => ({
      data: request.params.action === 'start' ? await profiler.start() : await profiler.stop(),
    }),
  );
  app.get('/bench/save-groups', { config: { access: 'public' }, schema: { hide: true } }, async () => ({
    data: {
      ...(answerSaveStats(app.db) ?? {
        statements: 0,
        requests: 0,
        largest: 0,
        retriedAlone: 0,
        writeMs: 0,
        waitMs: 0,
      }),
    },
  }));
};
