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

/**
 * LISTENs on one dedicated connection (a pooled one would be handed to queries). A lost connection is
 * reported at once and reopened with a growing pause (up to 10 s), so the caller can stop trusting
 * what notifications were meant to tell it until listening again.
 */
export function listenForNotifications(
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
): NotificationListener {
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let pauseMs = 250;
  let retry: NodeJS.Timeout | null = null;

  const setLive = (next: boolean) => {
    if (live === next) return;
    live = next;
    handlers.onLive(next);
  };

  const lost = (current: pg.Client, error?: Error) => {
    if (client !== current) return;
    client = null;
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
    const current = new pg.Client({ connectionString, application_name: `ltm-listen-${channel}` });
    client = current;
    current.on('error', (error) => lost(current, error));
    current.on('end', () => lost(current));
    current.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (client !== current || closed) return;
      pauseMs = 250;
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
      const current = client;
      client = null;
      setLive(false);
      await current?.end().catch(() => {});
    },
  };
}
