/**
 * Solana's PubSub WebSocket API over the sandbox's ledger (issue 33), on 127.0.0.1 at the RPC
 * port + 1 as a validator serves it: JSON-RPC 2.0 over WebSocket (single or batch), the five
 * subscribe methods and their unsubscribes, the validator's error codes and messages.
 *
 * Bounded memory: at most MAX_CONNECTIONS connections, MAX_SUBSCRIPTIONS_PER_CONNECTION
 * subscriptions on one and MAX_SUBSCRIPTIONS in all, 64 KiB per message received, and a
 * connection that lets more than 8 MiB of notifications pile up unread is closed. A closed
 * connection's subscriptions go with it.
 */
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import { paramsOf } from '../rpc/params';
import { stringifyJson } from '../rpc/json';
import { errorResponse, readEnvelope, type RpcResponse } from '../rpc/envelope';
import {
  INTERNAL_ERROR,
  INVALID_PARAMS,
  INVALID_REQUEST,
  METHOD_NOT_FOUND,
  PARSE_ERROR,
  RpcError,
} from '../rpc/rpc-error';
import { Notifier, type NotifierLedger } from './notifier';
import { subscribeParser, subscriptionIdParam, UNSUBSCRIBE_METHODS } from './subscription-params';
import {
  MAX_SUBSCRIPTIONS,
  MAX_SUBSCRIPTIONS_PER_CONNECTION,
  SubscriptionLimitError,
  SubscriptionRegistry,
  type Subscriber,
} from './subscription-registry';

export const MAX_CONNECTIONS = 256;
const MAX_MESSAGE_BYTES = 64 * 1024;
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

export interface PubsubStats {
  connections: number;
  subscriptions: number;
  pendingNotifications: number;
  limits: { connections: number; subscriptionsPerConnection: number; subscriptions: number };
}

export interface PubsubServerOptions {
  ledger: NotifierLedger;
  /** The ledger's slot time; the timer that sends slot and delayed notifications follows it. */
  slotMs: number;
  log?: (line: string) => void;
}

/** The PubSub server: `listen` binds it, `close` ends every connection and the slot timer. */
export class PubsubServer {
  readonly registry = new SubscriptionRegistry();
  private readonly notifier: Notifier;
  private wss: WebSocketServer | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: PubsubServerOptions) {
    this.notifier = new Notifier(options.ledger, this.registry, options.log);
  }

  /** Listens on 127.0.0.1:`port`; resolves with the port, rejects (EADDRINUSE…) when it cannot. */
  listen(port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const wss = new WebSocketServer({ host: '127.0.0.1', port, maxPayload: MAX_MESSAGE_BYTES });
      wss.once('error', (error) => {
        wss.close();
        reject(error);
      });
      wss.once('listening', () => {
        this.wss = wss;
        const address = wss.address();
        const tickMs =
          this.options.slotMs > 0 ? Math.min(Math.max(this.options.slotMs, 5), 50) : 50;
        this.timer = setInterval(() => this.notifier.tick(), tickMs);
        this.timer.unref();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
      wss.on('connection', (socket) => this.connected(socket));
    });
  }

  stats(): PubsubStats {
    return {
      connections: this.wss?.clients.size ?? 0,
      subscriptions: this.registry.size,
      pendingNotifications: this.notifier.pending,
      limits: {
        connections: MAX_CONNECTIONS,
        subscriptionsPerConnection: MAX_SUBSCRIPTIONS_PER_CONNECTION,
        subscriptions: MAX_SUBSCRIPTIONS,
      },
    };
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.notifier.stop();
    for (const socket of this.wss?.clients ?? []) socket.terminate();
    this.wss?.close();
    this.wss = null;
  }

  private connected(socket: WebSocket): void {
    if ((this.wss?.clients.size ?? 0) > MAX_CONNECTIONS) {
      socket.close(1013, `The sandbox serves at most ${MAX_CONNECTIONS} WebSocket connections.`);
      return;
    }
    const subscriber: Subscriber = {
      send: (text) => {
        if (socket.readyState !== WebSocket.OPEN) return;
        // A client that stopped reading: dropping it bounds the memory held for it.
        if (socket.bufferedAmount > MAX_BUFFERED_BYTES) socket.terminate();
        else socket.send(text);
      },
    };
    socket.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) return;
      const answer = this.handleText(String(data), subscriber);
      if (answer !== null) subscriber.send(answer.text);
      for (const after of answer?.after ?? []) after();
    });
    socket.on('close', () => this.registry.removeAll(subscriber));
    socket.on('error', () => this.registry.removeAll(subscriber));
  }

  /** Answers one message: the text to send back, then what to do once it is sent. */
  private handleText(
    text: string,
    subscriber: Subscriber,
  ): { text: string; after: (() => void)[] } | null {
    const after: (() => void)[] = [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return {
        text: stringifyJson(errorResponse(null, new RpcError(PARSE_ERROR, 'Parse error'))),
        after,
      };
    }
    if (Array.isArray(parsed)) {
      if (parsed.length === 0)
        return {
          text: stringifyJson(
            errorResponse(null, new RpcError(INVALID_REQUEST, 'Invalid request')),
          ),
          after,
        };
      const responses = parsed
        .map((request) => this.handleOne(request, subscriber, after))
        .filter((r) => r !== null);
      return responses.length > 0 ? { text: stringifyJson(responses), after } : null;
    }
    const response = this.handleOne(parsed, subscriber, after);
    return response ? { text: stringifyJson(response), after } : null;
  }

  private handleOne(
    request: unknown,
    subscriber: Subscriber,
    after: (() => void)[],
  ): RpcResponse | null {
    const envelope = readEnvelope(request);
    if (!envelope.ok) return envelope.response;
    const { method, params, id: validId, hasId } = envelope;
    let response: RpcResponse;
    try {
      response = {
        jsonrpc: '2.0',
        id: validId,
        result: this.call(method, params, subscriber, after),
      };
    } catch (error) {
      response = errorResponse(validId, error);
    }
    // A request without an id (web3.js's `ping` every 5 s) runs and gets no answer.
    return hasId ? response : null;
  }

  private call(
    method: string,
    raw: unknown,
    subscriber: Subscriber,
    after: (() => void)[],
  ): unknown {
    const parse = subscribeParser(method);
    if (parse) {
      const spec = parse(paramsOf(raw));
      let subscription;
      try {
        subscription = this.registry.add(subscriber, spec);
      } catch (error) {
        if (!(error instanceof SubscriptionLimitError)) throw error;
        throw new RpcError(
          INTERNAL_ERROR,
          'Internal Error: Subscription refused. Node subscription limit reached',
        );
      }
      // A signature that already landed is notified right after the subscription's id.
      if (spec.kind === 'signature')
        after.push(() => this.notifier.signatureSubscribed(subscription));
      return subscription.id;
    }
    if (UNSUBSCRIBE_METHODS.has(method)) {
      const id = subscriptionIdParam(paramsOf(raw));
      if (!this.registry.remove(subscriber, id))
        throw new RpcError(INVALID_PARAMS, 'Invalid subscription id.');
      return true;
    }
    throw new RpcError(METHOD_NOT_FOUND, 'Method not found');
  }
}
