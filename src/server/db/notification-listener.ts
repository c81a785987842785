import pg from 'pg';

/** What a listener tells: each notice's payload, and whether it is listening now. */
export interface ListenHandlers {
  notice(payload: string): void;
  listening(on: boolean): void;
}

export interface ListenerLog {
  warn(obj: object, msg: string): void;
}

const RECONNECT_MS = 1_000;

/**
 * LISTEN on its own PostgreSQL connection (a pooled one would be handed to other work). A lost
 * connection is told at once (`listening(false)`) and retried every second until it is back.
 * `channel` is a constant identifier of ours, never user input.
 */
export function listenOnPostgres(
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
  log?: ListenerLog,
): () => Promise<void> {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const lose = (client: pg.Client, err?: unknown) => {
    if (client !== current) return;
    current = undefined;
    handlers.listening(false);
    client.end().catch(() => undefined);
    if (stopped) return;
    log?.warn({ err, channel }, 'notifications lost; listening again in a second');
    retry = setTimeout(() => void connect(), RECONNECT_MS);
  };

  const connect = async () => {
    const client = new pg.Client({ connectionString });
    current = client;
    client.on('notification', (m) => {
      if (m.channel === channel) handlers.notice(m.payload ?? '');
    });
    client.on('error', (err) => lose(client, err));
    client.on('end', () => lose(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
      if (client !== current || stopped) return;
      handlers.listening(true);
    } catch (err) {
      lose(client, err);
    }
  };

  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    handlers.listening(false);
    await client?.end().catch(() => undefined);
  };
}
