/**
 * Group commit of answer saves (issue 29). Saves that arrive within a short window, or while the
 * previous flushes run, are written by one statement in one transaction; each request is answered
 * only when that statement has committed. One statement per save cannot carry 10,000 students on
 * two cores: a commit (and its round trip) per save is what the database spent its time on.
 *
 * The queue itself knows nothing of SQL: it gathers requests and hands each group to `write`, which
 * answers one result per request, in order. A group whose statement fails for a reason that may be
 * one request's own (not the connection) is written again one request at a time, so that one bad
 * save cannot refuse the others.
 */

export interface SaveGroupOptions {
  /** Milliseconds a flush waits for more saves after the first one arrives (0: the next turn of the event loop). */
  windowMs: number;
  /** Requests in one statement at most (1: one statement per save, as before group commit). */
  maxRequests: number;
  /** Statements in flight at once; requests arriving meanwhile wait for the next group. */
  maxFlushes: number;
}

interface Waiting<In, Out> {
  input: In;
  /** When it arrived (performance.now()), for the figures. */
  at: number;
  resolve: (output: Out) => void;
  reject: (error: unknown) => void;
}

/** True for an error that is the connection's or the server's, not one request's (it is not retried alone). */
export function isConnectionTrouble(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true;
  return code.startsWith('08') || code.startsWith('57') || code.startsWith('53');
}

export class SaveGroup<In, Out> {
  private pending: Waiting<In, Out>[] = [];
  private flushing = 0;
  private timer: NodeJS.Timeout | null = null;
  /** Figures for tests and the benchmark: statements written and requests they carried. */
  readonly stats = { statements: 0, requests: 0, largest: 0, retriedAlone: 0, writeMs: 0, waitMs: 0 };

  constructor(
    private readonly write: (group: In[]) => Promise<Out[]>,
    private readonly options: SaveGroupOptions,
  ) {}

  store(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.pending.push({ input, resolve, reject, at: performance.now() });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.timer || this.flushing >= this.options.maxFlushes || this.pending.length === 0) return;
    // A full group goes at once; otherwise the window lets the saves of the next moments join it.
    if (this.pending.length >= this.options.maxRequests) {
      this.flush();
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
    }, this.options.windowMs);
  }

  private flush(): void {
    if (this.flushing >= this.options.maxFlushes || this.pending.length === 0) return;
    const group = this.pending.splice(0, this.options.maxRequests);
    this.flushing += 1;
    this.stats.statements += 1;
    this.stats.requests += group.length;
    this.stats.largest = Math.max(this.stats.largest, group.length);
    void this.run(group).finally(() => {
      this.flushing -= 1;
      // What arrived while this group was written goes now, without another window.
      if (this.pending.length > 0 && !this.timer) this.flush();
      this.schedule();
    });
  }

  private async run(group: Waiting<In, Out>[]): Promise<void> {
    const started = performance.now();
    for (const waiting of group) this.stats.waitMs += started - waiting.at;
    try {
      const outputs = await this.write(group.map((waiting) => waiting.input));
      this.stats.writeMs += performance.now() - started;
      group.forEach((waiting, i) => waiting.resolve(outputs[i]!));
    } catch (error) {
      if (group.length === 1 || isConnectionTrouble(error)) {
        for (const waiting of group) waiting.reject(error);
        return;
      }
      // Perhaps one request's own fault: each is written alone and answered for itself.
      this.stats.retriedAlone += group.length;
      await Promise.all(
        group.map(async (waiting) => {
          try {
            const [output] = await this.write([waiting.input]);
            waiting.resolve(output!);
          } catch (alone) {
            waiting.reject(alone);
          }
        }),
      );
    }
  }
}
