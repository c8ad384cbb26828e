/**
 * A bare JSON-RPC client over WebSocket for the sandbox's PubSub tests: what a client sends
 * byte for byte (web3.js hides errors and dedupes subscriptions), answers by id, and every
 * notification kept in arrival order.
 *
 * @example
 * const client = await PubsubClient.open(sandbox.wsUrl);
 * const id = (await client.request('slotSubscribe')).result;
 * await client.until((n) => n.params.subscription === id);
 * client.close();
 */
import WebSocket from 'ws';

export interface Notification {
  method: string;
  params: { subscription: number; result: unknown };
}

export interface Answer {
  id?: number | string | null;
  result?: unknown;
  error?: { code: number; message: string };
}

export class PubsubClient {
  readonly notifications: Notification[] = [];
  private nextId = 1;
  private readonly waiting = new Map<number, (answer: Answer) => void>();
  private readonly watchers = new Set<() => void>();
  private readonly raw: unknown[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: WebSocket.RawData) => {
      const message = JSON.parse(String(data)) as Answer & Partial<Notification>;
      this.raw.push(message);
      if (Array.isArray(message)) this.raw.push(...(message as unknown[]));
      if (typeof message.method === 'string') this.notifications.push(message as Notification);
      else if (typeof message.id === 'number') this.waiting.get(message.id)?.(message);
      for (const watcher of this.watchers) watcher();
    });
  }

  static open(url: string): Promise<PubsubClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.once('open', () => resolve(new PubsubClient(socket)));
      socket.once('error', reject);
    });
  }

  /** Sends one request and resolves with its answer. */
  request(method: string, params?: unknown[]): Promise<Answer> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    });
  }

  /** Sends raw text; resolves with the next message that is not a notification. */
  send(text: string): Promise<unknown> {
    const before = this.raw.length;
    this.socket.send(text);
    return this.until(() => this.raw.slice(before).some((m) => !isNotification(m))).then(() =>
      this.raw.slice(before).find((m) => !isNotification(m)),
    );
  }

  /** Resolves once `done` holds (checked on every message), or rejects after `timeoutMs`. */
  until(done: () => boolean, timeoutMs = 10_000): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const watcher = () => {
        if (!done()) return;
        clearTimeout(timer);
        this.watchers.delete(watcher);
        resolve();
      };
      const timer = setTimeout(() => {
        this.watchers.delete(watcher);
        reject(
          new Error(
            `timed out; notifications so far: ${JSON.stringify(this.notifications.slice(-5))}`,
          ),
        );
      }, timeoutMs);
      this.watchers.add(watcher);
    });
  }

  /** Notifications of one subscription. */
  of(subscription: number): Notification[] {
    return this.notifications.filter((n) => n.params.subscription === subscription);
  }

  close(): void {
    this.socket.close();
  }

  /** Drops the TCP connection without a closing handshake (a client that vanished). */
  terminate(): void {
    this.socket.terminate();
  }
}

function isNotification(message: unknown): boolean {
  return typeof (message as { method?: unknown }).method === 'string';
}

/** The sandbox's PubSub counts, `GET /sandbox/pubsub`. */
export async function pubsubStats(
  rpcUrl: string,
): Promise<{ connections: number; subscriptions: number; pendingNotifications: number }> {
  const response = await fetch(`${rpcUrl}/sandbox/pubsub`);
  return (await response.json()) as {
    connections: number;
    subscriptions: number;
    pendingNotifications: number;
  };
}
