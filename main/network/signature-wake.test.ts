/**
 * watchSignature over the wallet's PubSub client and a real WebSocket server on loopback: the
 * notification ends a pause, a socket closed after the acknowledgement ends it too (back to
 * polling), and without subscriptions the pause is the caller's own.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { createPubsubClient, NO_PUBSUB } from './pubsub-client';
import { watchSignature } from './signature-wake';

const SIGNATURE = '5'.repeat(87);
const servers: WebSocketServer[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A server that acknowledges each subscription with id 7, then does `after` to the socket. */
async function server(after: (socket: WebSocket) => void): Promise<string> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  servers.push(wss);
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  wss.on('connection', (socket) => {
    socket.on('message', (data) => {
      const { id, method } = JSON.parse(String(data)) as { id: number; method: string };
      if (method !== 'signatureSubscribe') return;
      socket.send(JSON.stringify({ jsonrpc: '2.0', id, result: 7 }));
      setTimeout(() => after(socket), 50);
    });
  });
  return `ws://127.0.0.1:${(wss.address() as { port: number }).port}`;
}

/** A wait that never ends: only the subscription can end a pause. */
const forever = () => new Promise<void>(() => undefined);

describe('watchSignature', () => {
  it('a notification ends the pause, and the subscription is then no longer live', async () => {
    const url = await server((socket) =>
      socket.send(
        JSON.stringify({
          jsonrpc: '2.0',
          method: 'signatureNotification',
          params: { result: { context: { slot: 5 }, value: { err: null } }, subscription: 7 },
        }),
      ),
    );
    const wake = watchSignature(createPubsubClient(url), SIGNATURE);
    await new Promise((r) => setTimeout(r, 20));
    await wake.pause(forever, 3_600_000);
    expect(wake.live()).toBe(false);
    wake.stop();
  });

  it('a socket closed after the acknowledgement ends the pause: back to polling', async () => {
    const url = await server((socket) => socket.terminate());
    const wake = watchSignature(createPubsubClient(url), SIGNATURE);
    const started = Date.now();
    await wake.pause(forever, 3_600_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(wake.live()).toBe(false);
    wake.stop();
  });

  it('is live while the server holds the subscription', async () => {
    const url = await server(() => undefined);
    const wake = watchSignature(createPubsubClient(url), SIGNATURE);
    for (let i = 0; i < 100 && !wake.live(); i += 1) await new Promise((r) => setTimeout(r, 10));
    expect(wake.live()).toBe(true);
    wake.stop();
  });

  it('without subscriptions the pause is the wait the caller gave', async () => {
    const waits: number[] = [];
    const wake = watchSignature(NO_PUBSUB, SIGNATURE);
    await wake.pause(async (ms) => void waits.push(ms), 400);
    expect(waits).toEqual([400]);
    expect(wake.live()).toBe(false);
  });
});
