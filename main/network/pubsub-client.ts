/**
 * The wallet's own PubSub WebSocket client (issue 33): a wake-up, never the source of truth.
 * Where a person waits (a sent transaction's confirmation, balances after it lands) the wallet
 * subscribes, and a notification makes it read the chain over HTTP at once instead of at its
 * next poll. Polling stays underneath: an RPC without subscriptions (its WebSocket port refuses,
 * a proxy that drops upgrades) behaves exactly as before, quietly, and is not tried again for
 * a while. web3.js's own client is not used here: it reconnects forever and prints every
 * failed attempt.
 */
import WebSocket from 'ws';
import { hasCredentials, urlOrNull } from '../shared/url-text';

/** A failed connection is not retried before this long. */
const RETRY_AFTER_MS = 30_000;
/** A connection or a subscription not answered in this time counts as unavailable. */
const ANSWER_TIMEOUT_MS = 5_000;
const NEVER = new Promise<never>(() => undefined);

/**
 * The PubSub URL of an RPC URL, derived as web3.js derives it (http→ws, https→wss, an explicit
 * port + 1, the path kept), or null when the RPC URL does not allow one.
 *
 * @example pubsubUrlOf('http://127.0.0.1:8899') // 'ws://127.0.0.1:8900'
 */
export function pubsubUrlOf(rpcUrl: string): string | null {
  const url = urlOrNull(rpcUrl);
  if (url === null) return null;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (hasCredentials(url)) return null;
  const explicitPort = /^[a-z]+:\/\/(\[[^\]]+\]|[^/:?#]+):(\d+)/i.exec(rpcUrl)?.[2];
  const port = explicitPort === undefined ? null : Number(explicitPort) + 1;
  if (port !== null && port > 65535) return null;
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  if (port !== null) url.port = String(port);
  return url.toString();
}

/** One subscription as the caller sees it. */
export interface Watch {
  /** True once the server acknowledged the subscription; false when it never will. */
  subscribed: Promise<boolean>;
  /** Resolves at the first notification (never, without subscriptions). */
  notified: Promise<void>;
  /**
   * Resolves when an acknowledged subscription is lost without its notification (the socket
   * closed): the caller goes back to polling at its own pace. Never, without subscriptions.
   */
  lost: Promise<void>;
  /** Ends the subscription (idempotent). */
  stop(): void;
}

export interface PubsubClient {
  /** Subscribes with `method` and `params`; `unsubscribe` is the method that ends it. */
  watch(method: string, params: unknown[], unsubscribe: string): Watch;
}

interface Entry {
  requestId: number;
  serverId: number | null;
  acknowledge: (ok: boolean) => void;
  notify: () => void;
  lose: () => void;
  stopped: boolean;
}

/** A client that never subscribes (no PubSub URL): every watch answers "unavailable". */
export const NO_PUBSUB: PubsubClient = {
  watch: () => ({
    subscribed: Promise.resolve(false),
    notified: NEVER,
    lost: NEVER,
    stop: () => undefined,
  }),
};

/** A PubSub client for `url`, or NO_PUBSUB when `url` is null. Connects only while watched. */
export function createPubsubClient(
  url: string | null,
  options: { now?: () => number } = {},
): PubsubClient {
  if (url === null) return NO_PUBSUB;
  const now = options.now ?? Date.now;
  let socket: WebSocket | null = null;
  let open = false;
  let unavailableUntil = 0;
  let nextId = 1;
  const entries = new Set<Entry>();

  const fail = () => {
    unavailableUntil = now() + RETRY_AFTER_MS;
    for (const entry of entries) {
      entry.acknowledge(false);
      if (entry.serverId !== null) entry.lose();
    }
    entries.clear();
    socket = null;
    open = false;
  };

  const send = (entry: Entry, method: string, params: unknown[]) =>
    socket?.send(JSON.stringify({ jsonrpc: '2.0', id: entry.requestId, method, params }));

  const connect = (): WebSocket => {
    const ws = new WebSocket(url, { handshakeTimeout: ANSWER_TIMEOUT_MS });
    ws.on('open', () => {
      open = true;
      for (const entry of entries) send(entry, ...pendingRequests.get(entry)!);
    });
    ws.on('message', (data: WebSocket.RawData) => received(String(data)));
    // An error is followed by a close; the close ends every watch (polling carries on).
    ws.on('error', () => undefined);
    ws.on('close', () => {
      if (socket === ws) fail();
    });
    return ws;
  };

  const pendingRequests = new Map<Entry, [string, unknown[]]>();

  const received = (text: string) => {
    let message: { id?: unknown; result?: unknown; method?: unknown; params?: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    for (const entry of entries) {
      if (message.id === entry.requestId) {
        pendingRequests.delete(entry);
        if (typeof message.result === 'number') {
          entry.serverId = message.result;
          entry.acknowledge(true);
        } else {
          entry.acknowledge(false);
          entries.delete(entry);
        }
        return;
      }
      const params = message.params as { subscription?: unknown } | undefined;
      if (entry.serverId !== null && params?.subscription === entry.serverId) {
        // A signature subscription ends with its notification on the server's side.
        if (message.method === 'signatureNotification') entry.serverId = null;
        entry.notify();
        return;
      }
    }
  };

  const release = (entry: Entry) => {
    entries.delete(entry);
    pendingRequests.delete(entry);
    if (entries.size === 0 && socket) {
      const ws = socket;
      socket = null;
      open = false;
      ws.close();
    }
  };

  return {
    watch(method, params, unsubscribe) {
      if (now() < unavailableUntil) return NO_PUBSUB.watch(method, params, unsubscribe);
      let acknowledge!: (ok: boolean) => void;
      let notify!: () => void;
      let lose!: () => void;
      const subscribed = new Promise<boolean>((resolve) => (acknowledge = resolve));
      const notified = new Promise<void>((resolve) => (notify = resolve));
      const lost = new Promise<void>((resolve) => (lose = resolve));
      const entry: Entry = {
        requestId: nextId++,
        serverId: null,
        acknowledge,
        notify,
        lose,
        stopped: false,
      };
      entries.add(entry);
      pendingRequests.set(entry, [method, params]);
      socket ??= connect();
      if (open) send(entry, method, params);
      const timer = setTimeout(() => acknowledge(false), ANSWER_TIMEOUT_MS);
      timer.unref?.();
      void subscribed.then(() => clearTimeout(timer));
      return {
        subscribed,
        notified,
        lost,
        stop() {
          if (entry.stopped) return;
          entry.stopped = true;
          clearTimeout(timer);
          acknowledge(false);
          if (entry.serverId !== null && open) {
            socket?.send(
              JSON.stringify({
                jsonrpc: '2.0',
                id: nextId++,
                method: unsubscribe,
                params: [entry.serverId],
              }),
            );
          }
          release(entry);
        },
      };
    },
  };
}
