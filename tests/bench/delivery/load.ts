/** The load generator's parts: an HTTP client over a bounded pool, and per-phase figures. */
import { Pool } from 'undici';

export interface Answered {
  status: number;
  ms: number;
  body: string;
  /** The session cookie a sign-in sets (`name=value`). */
  cookie?: string;
}

const JSON_HEADERS = ['x-requested-with', 'XMLHttpRequest', 'content-type', 'application/json'];
const PLAIN_HEADERS = ['x-requested-with', 'XMLHttpRequest'];

/**
 * Keep-alive connections to the server, at most `connections` at once (the rest queue here). Lean,
 * so that the load generator leaves the server its CPU (issue 29): one undici pool for the origin
 * (no URL parsed per request), headers as flat arrays, and a body that nobody reads is discarded
 * unread (`discard`) rather than decoded.
 */
export function httpClient(baseUrl: string, connections: number) {
  const pool = new Pool(baseUrl, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
  return {
    async call(
      method: 'GET' | 'POST' | 'PUT',
      path: string,
      options: { cookie?: string; body?: unknown; discard?: boolean } = {},
    ): Promise<Answered> {
      const started = performance.now();
      const base = options.body !== undefined ? JSON_HEADERS : PLAIN_HEADERS;
      try {
        const response = await pool.request({
          path,
          method,
          headers: options.cookie ? [...base, 'cookie', options.cookie] : base,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
        });
        let body = '';
        if (options.discard) await response.body.dump();
        else body = await response.body.text();
        const setCookie = response.headers['set-cookie'];
        const cookie = (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(';')[0];
        return { status: response.statusCode, ms: performance.now() - started, body, cookie };
      } catch (error) {
        return { status: 0, ms: performance.now() - started, body: String(error) };
      }
    },
    close: () => pool.close(),
  };
}

export type HttpClient = ReturnType<typeof httpClient>;

/** One phase's requests: latencies and answers by status. */
export class PhaseRecorder {
  private readonly latencies: number[] = [];
  /** When each request was sent, in ms since the phase began (for the per-second view). */
  private readonly sentAt: number[] = [];
  private readonly statuses = new Map<number, number>();
  private started = performance.now();
  private ended = 0;

  constructor(readonly name: string) {}

  begin(): void {
    this.started = performance.now();
  }

  record(answer: Answered): void {
    this.latencies.push(answer.ms);
    this.sentAt.push(performance.now() - answer.ms - this.started);
    this.statuses.set(answer.status, (this.statuses.get(answer.status) ?? 0) + 1);
  }

  finish(): void {
    this.ended = performance.now();
  }

  /**
   * The phase second by second (by when requests were sent): how many seconds had a p99 over
   * `limitMs`, and the worst seconds with their request counts. Says whether a tail is a few stalls
   * or spread over the phase.
   */
  bySecond(limitMs = 150, worst = 5) {
    const seconds = new Map<number, number[]>();
    this.sentAt.forEach((at, i) => {
      const second = Math.floor(at / 1000);
      const list = seconds.get(second) ?? [];
      list.push(this.latencies[i]!);
      seconds.set(second, list);
    });
    const rows = [...seconds].map(([second, ms]) => {
      const sorted = ms.sort((a, b) => a - b);
      return {
        second,
        requests: sorted.length,
        p99: Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)]!),
      };
    });
    return {
      seconds: rows.length,
      over: rows.filter((r) => r.p99 > limitMs).length,
      worst: rows.sort((a, b) => b.p99 - a.p99).slice(0, worst),
    };
  }

  summary() {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const at = (p: number) =>
      sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! : 0;
    const seconds = ((this.ended || performance.now()) - this.started) / 1000;
    const errors = Object.fromEntries([...this.statuses].filter(([status]) => status < 200 || status >= 300));
    return {
      phase: this.name,
      requests: sorted.length,
      errors,
      error_count: Object.values(errors).reduce((a, b) => a + b, 0),
      seconds: Math.round(seconds * 10) / 10,
      per_second: Math.round(sorted.length / seconds),
      p50: Math.round(at(0.5)),
      p95: Math.round(at(0.95)),
      p99: Math.round(at(0.99)),
      max: Math.round(sorted.at(-1) ?? 0),
    };
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs each task once, at a random moment within `spreadMs` (arrivals do not wait for answers). */
export async function spread(tasks: (() => Promise<void>)[], spreadMs: number): Promise<void> {
  await Promise.all(
    tasks.map(async (task) => {
      await sleep(Math.random() * spreadMs);
      await task();
    }),
  );
}

/**
 * Runs `workers` loops back to back for `seconds` (a closed loop: throughput at saturation); a step
 * that answers `false` ends its worker.
 */
export async function saturate(
  workers: number,
  seconds: number,
  step: (worker: number) => Promise<boolean | void>,
): Promise<void> {
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (performance.now() < end) if ((await step(worker)) === false) return;
    }),
  );
}
