import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The channel migration 0004's triggers notify on commit; the payload is the changed table. */
export const CHANGES_CHANNEL = 'axle_changes';

/**
 * Committed changes to the tables the instances cache (parts, reviews), whoever made them: this
 * instance, another one on the same PostgreSQL, the CLI or psql. A listener gets the table's name,
 * or `null` when changes may have been missed (the connection was lost and is back): then anything
 * may have changed.
 */
export type ChangeListener = (table: string | null) => void;

export type ChangeFeed = {
  /** Resolves once the feed listens (or its first attempt failed: it keeps trying). */
  subscribe(listener: ChangeListener): Promise<() => void>;
  close(): Promise<void>;
};

/** PGlite runs in this process and calls its listeners before the writing query returns. */
export function embeddedChangeFeed(client: PGlite): ChangeFeed {
  const listeners = new Set<ChangeListener>();
  let unlisten: Promise<() => Promise<void>> | undefined;
  return {
    async subscribe(listener) {
      listeners.add(listener);
      unlisten ??= client.listen(CHANGES_CHANNEL, (table) => {
        for (const each of listeners) each(table);
      });
      await unlisten;
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      if (unlisten && !client.closed) await (await unlisten)();
    },
  };
}

const RECONNECT_MS = { first: 250, max: 5000 };
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * One connection of its own that LISTENs (a pooled connection would be handed to queries). It is
 * opened on the first subscription, so processes that never subscribe (the CLI) do not hold one.
 * When it is lost, it reconnects with a growing delay and tells the listeners that anything may
 * have changed meanwhile.
 */
export function postgresChangeFeed(
  url: string,
  onProblem: (error: Error) => void = () => undefined,
): ChangeFeed {
  const listeners = new Set<ChangeListener>();
  let client: pg.Client | undefined;
  let started: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = RECONNECT_MS.first;
  let closed = false;
  let everConnected = false;

  const emit = (table: string | null) => {
    for (const listener of listeners) listener(table);
  };

  const reconnectLater = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, RECONNECT_MS.max);
  };

  const connect = async (): Promise<void> => {
    const connection = new pg.Client({
      connectionString: url,
      // A server that accepts and never answers must not hold the reconnection forever; TCP
      // keepalive finds a connection whose server went silent (issue 34 #3).
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    const lost = (error?: Error) => {
      if (error) onProblem(error);
      if (client === connection) client = undefined;
      connection.removeAllListeners('notification');
      void connection.end().catch(() => undefined);
      reconnectLater();
    };
    connection.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL) emit(message.payload ?? null);
    });
    connection.on('error', lost);
    connection.on('end', () => {
      if (client === connection && !closed) lost();
    });
    try {
      await connection.connect();
      await connection.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      lost(error as Error);
      return;
    }
    if (closed) {
      await connection.end().catch(() => undefined);
      return;
    }
    client = connection;
    delay = RECONNECT_MS.first;
    // Whatever changed while nobody listened is unknown.
    if (everConnected) emit(null);
    everConnected = true;
  };

  return {
    async subscribe(listener) {
      listeners.add(listener);
      started ??= connect();
      await started;
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      listeners.clear();
      if (retry) clearTimeout(retry);
      await started;
      const connection = client;
      client = undefined;
      await connection?.end().catch(() => undefined);
    },
  };
}
