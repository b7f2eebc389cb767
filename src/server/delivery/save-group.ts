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

/**
 * True for a database error that may be one request's own (bad data, a constraint, a deadlock or
 * serialization failure: SQLSTATE classes 22, 23 and 40), which is worth writing again one save at a
 * time; anything else (a lost connection, a server shutting down, a socket error) is everyone's.
 */
export function isOneRequestsFault(error: unknown): boolean {
  const { code, severity } = (error ?? {}) as { code?: unknown; severity?: unknown };
  // A server's error carries a severity; a socket's (EPIPE, ECONNRESET) does not.
  if (typeof code !== 'string' || typeof severity !== 'string') return false;
  return /^(22|23|40)[0-9A-Z]{3}$/.test(code);
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
    if (this.flushing >= this.options.maxFlushes || this.pending.length === 0) return;
    // A full group goes at once (even while a window runs); otherwise the window lets the saves of
    // the next moments join it.
    if (this.pending.length >= this.options.maxRequests) {
      this.flush();
      this.schedule();
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
      this.schedule();
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
      if (group.length === 1 || !isOneRequestsFault(error)) {
        for (const waiting of group) waiting.reject(error);
        return;
      }
      // Perhaps one request's own fault: each is written alone, one after another (not hundreds of
      // statements at once), and answered for itself.
      this.stats.retriedAlone += group.length;
      for (const waiting of group) {
        try {
          const [output] = await this.write([waiting.input]);
          waiting.resolve(output!);
        } catch (alone) {
          waiting.reject(alone);
        }
      }
    }
  }
}
