/** The server's time. Delivery decides windows and deadlines by it; tests move it by hand. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved: `advance(seconds)`, `set(date)`. For tests. */
export class ManualClock implements Clock {
  constructor(private current = new Date()) {}
  now(): Date {
    return new Date(this.current);
  }
  set(date: Date | string): void {
    this.current = new Date(date);
  }
  advance(seconds: number): void {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}

/**
 * The system's time plus an offset that a test moves (`TEST_CLOCK=1`, never in production): the
 * end-to-end tests jump over a deadline, a grace period or the monitor's online window instead of
 * waiting for them, while the server's time still flows.
 */
export class OffsetClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  /** Seconds ahead of the system's time. */
  get offsetSeconds(): number {
    return this.offsetMs / 1000;
  }
  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
  reset(): void {
    this.offsetMs = 0;
  }
}
