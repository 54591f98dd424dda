import pg from 'pg';
import type { Logger } from '../lib/logger';

type Handler = (payload: string) => void;

/**
 * One dedicated connection per process that LISTENs on our channels and hands each notification
 * to in-process handlers. It reconnects after a lost connection (needs a session-mode connection,
 * not a transaction-pooling proxy). `onReconnect` handlers let subscribers catch up on anything
 * missed while it was down.
 */
export class PgListener {
  private client: pg.Client | undefined;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly reconnectHandlers = new Set<() => void>();
  private stopped = false;
  private connecting: Promise<void> | undefined;

  constructor(
    private readonly connectionString: string,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    await this.connect();
  }

  on(channel: string, handler: Handler): () => void {
    const set = this.handlers.get(channel) ?? new Set<Handler>();
    const isNewChannel = set.size === 0 && !this.handlers.has(channel);
    set.add(handler);
    this.handlers.set(channel, set);
    if (isNewChannel && this.client)
      void this.client
        .query(`listen ${pg.escapeIdentifier(channel)}`)
        .catch((error: unknown) => this.logger.warn({ err: error, channel }, 'listen failed'));
    return () => set.delete(handler);
  }

  onReconnect(handler: () => void): () => void {
    this.reconnectHandlers.add(handler);
    return () => this.reconnectHandlers.delete(handler);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.client?.end().catch(() => undefined);
    this.client = undefined;
  }

  private connect(isReconnect = false): Promise<void> {
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.connectionString });
      client.on('notification', (message) => {
        for (const handler of this.handlers.get(message.channel) ?? []) {
          try {
            handler(message.payload ?? '');
          } catch (error) {
            this.logger.error({ err: error, channel: message.channel }, 'notification handler failed');
          }
        }
      });
      client.on('error', (error) => {
        this.logger.warn({ err: error }, 'LISTEN connection lost; reconnecting');
        this.scheduleReconnect();
      });
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      this.client = client;
      if (isReconnect) this.reconnectHandlers.forEach((handler) => handler());
    })().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private scheduleReconnect(): void {
    const old = this.client;
    this.client = undefined;
    void old?.end().catch(() => undefined);
    if (this.stopped) return;
    setTimeout(() => {
      if (this.stopped) return;
      this.connect(true).catch((error: unknown) => {
        this.logger.warn({ err: error }, 'LISTEN reconnect failed; retrying');
        this.scheduleReconnect();
      });
    }, 500).unref();
  }
}
