/**
 * The faucet's confirmation ("Get test funds", sandbox.fund) and swap.status wait through the
 * sandbox's signatureSubscribe (issue 33 point 4), on the real sandbox process: the polls are
 * set an hour apart, so only the notification can end the waits in time, and the sandbox's
 * slots are a second long, so a transaction is seen "processed" before it is confirmed. The
 * fallbacks: an RPC whose WebSocket port refuses is followed by polling alone, and a socket
 * that drops after acknowledging the subscription wakes the wait back to polling.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { Connection, Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js';
import { startSandbox, type RunningSandbox } from '../harness/sandbox-process';
import { airdrop, signedSolTransfer, closedPort } from './sandbox-rpc-helpers';
import { createLedgerClient } from '../../main/ledger/ledger-client';
import { createSandboxHandlers } from '../../main/handlers/sandbox';
import { createSandboxServices } from '../../main/network/sandbox-services';
import { createSwapHandlers, type SwapNetworkServices } from '../../main/handlers/swap';
import {
  createPubsubClient,
  pubsubUrlOf,
  type PubsubClient,
} from '../../main/network/pubsub-client';
import type { ActivityStore } from '../../main/activity/activity-store';
import type { CallContext } from '../../main/bridge/handler-types';
import { assertAddress } from '../../main/shared/address';

const HOUR = 3_600_000;
let sandbox: RunningSandbox;
let connection: Connection;
const payer = Keypair.generate();

beforeAll(async () => {
  // Genesis on a loaded machine can take longer than the harness's default 30 s.
  sandbox = await startSandbox({ slotMs: 1_000, timeoutMs: 90_000 });
  connection = new Connection(sandbox.rpcUrl, 'confirmed');
  await airdrop(connection, payer.publicKey, LAMPORTS_PER_SOL);
}, 120_000);
afterAll(async () => {
  await sandbox?.remove();
});

/** The connection, counting its getSignatureStatuses calls (the polls). */
function counted() {
  let polls = 0;
  const counting = new Proxy(connection, {
    get: (target, property, receiver) =>
      property === 'getSignatureStatuses'
        ? (...args: Parameters<Connection['getSignatureStatuses']>) => {
            polls += 1;
            return target.getSignatureStatuses(...args);
          }
        : Reflect.get(target, property, receiver),
  });
  return { connection: counting, polls: () => polls };
}

/** Sends a small transfer without waiting for it; answers its signature. */
async function sendTransfer(): Promise<string> {
  const { wire } = await signedSolTransfer(
    connection,
    payer,
    Keypair.generate().publicKey,
    1_000_000,
  );
  return connection.sendRawTransaction(wire, { skipPreflight: true });
}

function fundHandler(pubsub: PubsubClient, pollMs: number, subscribedPollMs = HOUR) {
  const { connection: ledgerConnection, polls } = counted();
  const ledger = createLedgerClient({
    connection: ledgerConnection,
    unreachableMessage: 'unreachable',
    pubsub,
    pollMs,
    subscribedPollMs,
  });
  const handlers = createSandboxHandlers({
    ledger,
    sandbox: createSandboxServices({ rpcUrl: sandbox.rpcUrl, fetch }),
  });
  return { fund: handlers['sandbox.fund'], ledger, polls };
}

describe('"Get test funds" waits with signatureSubscribe', () => {
  it('confirms the airdrop and every faucet payment through the notification: polls an hour apart', async () => {
    const { fund, ledger, polls } = fundHandler(
      createPubsubClient(pubsubUrlOf(sandbox.rpcUrl)),
      HOUR,
    );
    // A transfer seen "processed" first, confirmed a one-second slot later: with the next poll
    // an hour away, only the notification can end this wait in seconds.
    const transferStarted = Date.now();
    await ledger.confirm(await sendTransfer());
    expect(Date.now() - transferStarted).toBeLessThan(5_000);
    expect(polls()).toBeLessThanOrEqual(2);
    const person = Keypair.generate().publicKey;
    const started = Date.now();
    const { signatures } = await fund({ address: assertAddress(person.toBase58()) }, CONTEXT);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(signatures.length).toBeGreaterThan(2);
    // One read before the wait and at most one after its notification, per signature.
    expect(polls()).toBeLessThanOrEqual(2 + 2 * signatures.length);
    expect(await connection.getBalance(person, 'confirmed')).toBe(2 * LAMPORTS_PER_SOL);
  }, 60_000);

  it('an RPC whose WebSocket port refuses is followed by polling alone', async () => {
    const refusing = createPubsubClient(`ws://127.0.0.1:${await closedPort()}`);
    const { fund, ledger, polls } = fundHandler(refusing, 100);
    // A transfer seen "processed" first, confirmed a one-second slot later: found by polling.
    await ledger.confirm(await sendTransfer());
    expect(polls()).toBeGreaterThan(1);
    const person = Keypair.generate().publicKey;
    await fund({ address: assertAddress(person.toBase58()) }, CONTEXT);
    expect(await connection.getBalance(person, 'confirmed')).toBe(2 * LAMPORTS_PER_SOL);
  }, 60_000);

  it('a socket dropped after acknowledging the subscription wakes the wait back to polling', async () => {
    // A PubSub server that acknowledges every subscription, then closes the socket.
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    server.on('connection', (socket) => {
      socket.on('message', (data) => {
        const { id } = JSON.parse(String(data)) as { id: number };
        socket.send(JSON.stringify({ jsonrpc: '2.0', id, result: id + 100 }));
        setTimeout(() => socket.terminate(), 200);
      });
    });
    const { port } = server.address() as { port: number };
    try {
      // Subscribed, the polls would be an hour apart: only the loss of the socket ends them.
      const { fund } = fundHandler(createPubsubClient(`ws://127.0.0.1:${port}`), 100);
      const person = Keypair.generate().publicKey;
      const started = Date.now();
      await fund({ address: assertAddress(person.toBase58()) }, CONTEXT);
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(await connection.getBalance(person, 'confirmed')).toBe(2 * LAMPORTS_PER_SOL);
    } finally {
      server.close();
    }
  }, 60_000);
});

describe('swap.status waits with signatureSubscribe', () => {
  /** swap.status over the sandbox for a signature this wallet did not send. */
  function statusHandler(pubsub: PubsubClient | undefined) {
    const services = {
      connection,
      ...(pubsub ? { pubsub } : {}),
    } as unknown as SwapNetworkServices;
    const activity = { bySignature: () => Promise.resolve(undefined) } as unknown as ActivityStore;
    return createSwapHandlers({ current: () => services, activity, holdMs: 5_000 })['swap.status'];
  }

  it('a processed transaction is answered confirmed as soon as its notification comes', async () => {
    const status = statusHandler(createPubsubClient(pubsubUrlOf(sandbox.rpcUrl)));
    const signature = await sendTransfer();
    const started = Date.now();
    const answer = await status({ signature }, CONTEXT);
    expect(answer).toMatchObject({ signature, status: 'confirmed', error: null });
    // Within a slot or two of a second, not the 5 s hold.
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('without subscriptions it answers what the network says at once (pending)', async () => {
    const status = statusHandler(undefined);
    const signature = await sendTransfer();
    const answer = await status({ signature }, CONTEXT);
    expect(answer).toMatchObject({ signature, status: 'pending' });
  });

  it('an RPC whose WebSocket port refuses is not waited for: pending, well before the hold', async () => {
    const status = statusHandler(createPubsubClient(`ws://127.0.0.1:${await closedPort()}`));
    const signature = await sendTransfer();
    const started = Date.now();
    const answer = await status({ signature }, CONTEXT);
    expect(answer).toMatchObject({ signature, status: 'pending' });
    expect(Date.now() - started).toBeLessThan(900);
  });
});

const CONTEXT: CallContext = { sender: { kind: 'http', origin: null, tokenValid: true } };
