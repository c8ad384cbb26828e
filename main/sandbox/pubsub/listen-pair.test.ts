/**
 * The RPC and PubSub servers side by side: the WebSocket at the RPC port + 1, a free pair found
 * for `--port 0`, and an explicit port whose neighbour is taken refused in words.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { LedgerEvents } from '../ledger/ledger-events';
import { listenPair } from './listen-pair';
import { PubsubServer } from './pubsub-server';

const ledger = {
  events: new LedgerEvents(),
  currentSlot: () => 1,
  mintDecimals: () => 0,
  signatureStatus: () => null,
};
const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const done of cleanup.splice(0)) done();
});

function servers(): { http: Server; pubsub: PubsubServer } {
  const http = createHttpServer();
  const pubsub = new PubsubServer({ ledger, slotMs: 400 });
  cleanup.push(() => {
    pubsub.close();
    http.close();
  });
  return { http, pubsub };
}

describe('listenPair', () => {
  it('with port 0 the WebSocket is at the RPC port + 1', async () => {
    const { http, pubsub } = servers();
    const { rpcPort, wsPort } = await listenPair(http, pubsub, 0);
    expect(wsPort).toBe(rpcPort + 1);
    expect(pubsub.stats()).toMatchObject({ connections: 0, subscriptions: 0 });
  });

  it('refuses an explicit port whose neighbour is taken, naming it', async () => {
    const blocker = createTcpServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => blocker.close());
    const taken = (blocker.address() as { port: number }).port;
    const { http, pubsub } = servers();
    await expect(listenPair(http, pubsub, taken - 1)).rejects.toThrow(
      `port ${taken} (the WebSocket port, the RPC port + 1) is in use; pass another --port, or --port 0 for a free pair`,
    );
    expect(http.listening).toBe(false);
  });
});
