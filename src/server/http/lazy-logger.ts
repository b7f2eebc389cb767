import type { FastifyBaseLogger } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type LogArgs = Parameters<FastifyBaseLogger['info']>;
/** pino's loggers say which levels they write; another logger is asked nothing and always written to. */
const enabled = (logger: FastifyBaseLogger, level: string) =>
  (logger as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.(level) ?? true;

/**
 * A request's logger whose pino child (its request id bound, its bindings redacted and serialised)
 * is made only when the request logs something its level lets through. Fastify made one for every
 * request: 2 to 3% of a save's server time during an exam, where almost no request logs (issue 44).
 */
class LazyLogger {
  private made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  private write(level: Level, args: LogArgs) {
    const logger = this.made ?? this.parent;
    if (!enabled(logger, level)) return;
    (this.real()[level] as (...a: LogArgs) => void)(...args);
  }

  get level(): string {
    return (this.made ?? this.parent).level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  isLevelEnabled(level: string): boolean {
    return enabled(this.made ?? this.parent, level);
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }

  silent(...args: LogArgs) {
    (this.made ?? this.parent).silent(...args);
  }
  fatal(...args: LogArgs) {
    this.write('fatal', args);
  }
  error(...args: LogArgs) {
    this.write('error', args);
  }
  warn(...args: LogArgs) {
    this.write('warn', args);
  }
  info(...args: LogArgs) {
    this.write('info', args);
  }
  debug(...args: LogArgs) {
    this.write('debug', args);
  }
  trace(...args: LogArgs) {
    this.write('trace', args);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger, made when first used. */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildOptions,
): FastifyBaseLogger {
  // A route with its own level needs its child at once: pino rebuilds its methods for it.
  if (options?.level) return logger.child(bindings, options);
  return new LazyLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
