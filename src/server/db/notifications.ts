import pg from 'pg';

/** A channel of PostgreSQL notifications that stays open across database restarts. */
export interface NotificationListener {
  /** Whether it is listening now: a notification sent while it is not is lost. */
  readonly live: boolean;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onMessage(payload: string): void;
  /** Told when listening starts and when it stops (the connection lost); may be told `true` again. */
  onLive(live: boolean): void;
  onError?(error: Error): void;
}

/** How often the listener proves it still hears (a notification to itself), and how long it waits. */
export const LISTEN_PING = { everyMs: 10_000, withinMs: 5_000 };

const PING = 'ltm-ping:';

/**
 * LISTENs on one dedicated connection (a pooled one would be handed to queries). A lost connection is
 * reported at once and reopened with a growing pause (up to 10 s), so the caller can stop trusting
 * what notifications were meant to tell it until listening again. A connection can also die without
 * a word (a firewall dropping an idle socket): the listener sends itself a ping every 10 s and counts
 * the connection lost when the ping is not heard within 5 s.
 */
export function listenForNotifications(
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
  ping = LISTEN_PING,
): NotificationListener {
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let pauseMs = 250;
  let retry: NodeJS.Timeout | null = null;
  let pinger: NodeJS.Timeout | null = null;
  let awaited: { token: string; timer: NodeJS.Timeout } | null = null;

  const stopPinging = () => {
    if (pinger) clearInterval(pinger);
    if (awaited) clearTimeout(awaited.timer);
    pinger = null;
    awaited = null;
  };
  const startPinging = (current: pg.Client) => {
    let count = 0;
    pinger = setInterval(() => {
      if (awaited) return;
      const token = `${PING}${process.pid}:${++count}`;
      const timer = setTimeout(
        () => lost(current, new Error('the listening connection did not hear its ping')),
        ping.withinMs,
      );
      awaited = { token, timer };
      current.query('select pg_notify($1, $2)', [channel, token]).catch((error) => lost(current, error));
    }, ping.everyMs);
    pinger.unref();
  };

  const setLive = (next: boolean) => {
    if (live === next) return;
    live = next;
    handlers.onLive(next);
  };

  const lost = (current: pg.Client, error?: Error) => {
    if (client !== current) return;
    client = null;
    stopPinging();
    setLive(false);
    if (error) handlers.onError?.(error);
    current.end().catch(() => {});
    if (closed) return;
    retry = setTimeout(connect, pauseMs);
    pauseMs = Math.min(pauseMs * 2, 10_000);
  };

  async function connect() {
    retry = null;
    if (closed) return;
    const current = new pg.Client({
      connectionString,
      application_name: `ltm-listen-${channel}`,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client = current;
    current.on('error', (error) => lost(current, error));
    current.on('end', () => lost(current));
    current.on('notification', (message) => {
      if (message.channel !== channel) return;
      const payload = message.payload ?? '';
      if (!payload.startsWith(PING)) handlers.onMessage(payload);
      else if (awaited?.token === payload) {
        clearTimeout(awaited.timer);
        awaited = null;
      }
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (client !== current || closed) return;
      pauseMs = 250;
      startPinging(current);
      setLive(true);
    } catch (error) {
      lost(current, error as Error);
    }
  }

  void connect();
  return {
    get live() {
      return live;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      stopPinging();
      const current = client;
      client = null;
      setLive(false);
      await current?.end().catch(() => {});
    },
  };
}
