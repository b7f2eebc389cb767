import fs from 'node:fs';
import { sql } from 'kysely';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ManualClock } from '../../src/server/clock';
import { ATTEMPT_DEADLINE_QUEUE } from '../../src/server/delivery/deadline-jobs';
import { flushPresence } from '../../src/server/delivery/presence';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { call } from '../helpers/api-client';
import { buildExamDayScene, type ExamDayScene } from '../helpers/exam-day-scene';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Issue 45: `/metrics` in Prometheus' text format, for a scraper holding METRICS_TOKEN; read back
 * by a parser of that format. Off (404) without the setting; 401 without the token or with another.
 */
const TOKEN = 'metrics-token-for-the-tests-0123456789';
const scrape = (t: TestContext, authorization?: string, lang: 'en' | 'ar' = 'en') =>
  t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { 'accept-language': lang, ...(authorization ? { authorization } : {}) },
  });

interface Family {
  name: string;
  type: string;
  metrics: { labels?: Record<string, string>; value?: string; buckets?: Record<string, string>; count?: string }[];
}
const familiesOf = (text: string) => new Map((parsePrometheusTextFormat(text) as Family[]).map((f) => [f.name, f]));
const valueOf = (families: Map<string, Family>, name: string, labels: Record<string, string> = {}) => {
  const family = families.get(name);
  const sample = family?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return sample?.value === undefined ? undefined : Number(sample.value);
};

describe('/metrics without METRICS_TOKEN', () => {
  it('answers 404 and measures nothing', async () => {
    const t = await createTestApp();
    try {
      const response = await scrape(t, `Bearer ${TOKEN}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'The requested API route does not exist.' });
    } finally {
      await t.close();
    }
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
  let t: TestContext;
  let s: ExamDayScene;
  beforeAll(async () => {
    // The job queue on: its depth is measured.
    t = await createTestApp({ metricsToken: TOKEN, jobs: { enabled: true, pollSeconds: 60 } }, clock);
    s = await buildExamDayScene(t, await loadSchemaRegistry());
  }, 60_000);
  afterAll(() => t.close());

  it('refuses a scraper without the token, with another or with another scheme (401, both languages)', async () => {
    for (const authorization of [undefined, 'Bearer another-token-of-the-same-length-0123', `Basic ${TOKEN}`, TOKEN]) {
      const refused = await scrape(t, authorization);
      expect(refused.statusCode, String(authorization)).toBe(401);
      expect(refused.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(refused.json().message).toBe(
        'The metrics scraper must send the configured token (Authorization: Bearer).',
      );
      expect(refused.body).not.toContain('ltm_');
    }
    expect((await scrape(t, undefined, 'ar')).json().message).toBe(
      'يجب أن يرسل جامع المقاييس الرمز المضبوط (Authorization: Bearer).',
    );
  });

  it("reports the exam day: attempts running, students heard from in the last minute, saves, the queue's jobs", async () => {
    const first = (await s.student(0).as('POST', '/start')).json().data;
    const second = (await s.student(1).as('POST', '/start')).json().data;
    const save = (i: number, attempt: { id: number }) =>
      s.student(i).as('PUT', '/answers', {
        attempt_id: attempt.id,
        answers: [{ question_id: s.q.tf, answer: { value: true }, seq: 1 }],
      });
    expect((await save(0, first)).statusCode).toBe(200);
    // Two minutes later only the second student is heard from.
    clock.advance(120);
    expect((await save(1, second)).statusCode).toBe(200);
    await flushPresence(t.db);

    const response = await scrape(t, `Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = familiesOf(response.body);
    const running = await t.db
      .selectFrom('exam_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('submitted_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(valueOf(families, 'ltm_attempts_in_progress')).toBe(Number(running.n));
    expect(Number(running.n)).toBe(2);
    expect(valueOf(families, 'ltm_students_online')).toBe(1);
    expect(valueOf(families, 'ltm_answer_save_requests_total')).toBeGreaterThanOrEqual(2);
    expect(valueOf(families, 'ltm_answer_save_statements_total')).toBeGreaterThanOrEqual(1);
    expect(valueOf(families, 'ltm_answer_save_largest_group')).toBeGreaterThanOrEqual(1);
    // Each attempt's deadline is a job waiting in its queue, not yet due.
    expect(valueOf(families, 'ltm_job_queue_waiting', { queue: ATTEMPT_DEADLINE_QUEUE })).toBe(2);
    expect(valueOf(families, 'ltm_job_queue_oldest_seconds', { queue: ATTEMPT_DEADLINE_QUEUE })).toBe(0);
    // The process: event-loop lag and heap.
    expect(valueOf(families, 'ltm_nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(families, 'ltm_nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    // PostgreSQL: this process's pool; PGlite has none.
    const pool = valueOf(families, 'ltm_db_pool_connections', { state: 'total' });
    if (inject('dbTemplate').kind === 'postgres') expect(pool).toBeGreaterThanOrEqual(1);
    else expect(pool).toBeUndefined();
  });

  it('counts requests by the route they matched, never by the address: no id reaches a label', async () => {
    await call(t.app, 'GET', `/api/exams/${s.exam.id}`, undefined, { cookie: s.cookies.author });
    await call(t.app, 'GET', '/api/no/such/route');
    const text = (await scrape(t, `Bearer ${TOKEN}`)).body;
    const families = familiesOf(text);
    const requests = families.get('ltm_http_requests_total')!.metrics;
    expect(requests).toContainEqual({ labels: { route: '/api/exams/:id', method: 'GET', status: '200' }, value: '1' });
    expect(requests).toContainEqual(
      expect.objectContaining({ labels: { route: '/api/student/exams/:id/answers', method: 'PUT', status: '200' } }),
    );
    expect(requests).toContainEqual({ labels: { route: 'unmatched', method: 'GET', status: '404' }, value: '1' });
    // The refused scrapes are counted too.
    expect(requests).toContainEqual(
      expect.objectContaining({ labels: { route: '/metrics', method: 'GET', status: '401' } }),
    );
    const labels = [...families.values()].flatMap((f) => f.metrics.flatMap((m) => Object.values(m.labels ?? {})));
    expect(labels.filter((value) => /\/\d+(\/|$)/.test(value) || value.includes(s.exam.name_en))).toEqual([]);
    expect(families.get('ltm_http_request_duration_seconds')!.type).toBe('HISTOGRAM');
    // The parser keeps a histogram's buckets but not its labels: its count, read from the text.
    expect(text).toMatch(/^ltm_http_request_duration_seconds_count\{route="\/api\/exams\/:id",method="GET"\} 1$/m);
    expect(text).toMatch(
      /^ltm_http_request_duration_seconds_bucket\{le="10",route="\/api\/exams\/:id",method="GET"\} 1$/m,
    );
  });

  it("still answers when the database cannot give a count: that gauge says NaN, the process's figures stay", async () => {
    await sql`alter table attempt_presence rename to attempt_presence_away`.execute(t.db);
    try {
      const response = await scrape(t, `Bearer ${TOKEN}`);
      expect(response.statusCode).toBe(200);
      const families = familiesOf(response.body);
      expect(valueOf(families, 'ltm_students_online')).toBeNaN();
      expect(valueOf(families, 'ltm_attempts_in_progress')).toBe(2);
      expect(valueOf(families, 'ltm_nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    } finally {
      await sql`alter table attempt_presence_away rename to attempt_presence`.execute(t.db);
    }
  });

  it("names in the operators' alert rules and dashboard (docs/ops) only metrics it exports", async () => {
    const exported = new Set(familiesOf((await scrape(t, `Bearer ${TOKEN}`)).body).keys());
    const rules = parseYaml(fs.readFileSync('docs/ops/alerts.yml', 'utf8')) as {
      groups: { rules: { alert: string; expr: string }[] }[];
    };
    const dashboard = JSON.parse(fs.readFileSync('docs/ops/grafana-dashboard.json', 'utf8')) as {
      panels: { targets: { expr: string }[] }[];
    };
    const expressions = [
      ...rules.groups.flatMap((g) => g.rules.map((r) => r.expr)),
      ...dashboard.panels.flatMap((p) => p.targets.map((target) => target.expr)),
    ];
    const named = new Set(expressions.flatMap((expr) => expr.match(/\bltm_[a-z0-9_]+/g) ?? []));
    expect(named.size).toBeGreaterThan(10);
    const family = (name: string) => name.replace(/_(bucket|count|sum)$/, '');
    expect([...named].filter((name) => !exported.has(family(name)))).toEqual([]);
  });
});
